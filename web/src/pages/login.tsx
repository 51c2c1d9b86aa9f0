import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { config } from '../config';
import { signedIn, useAfterLogin } from '../features/auth/api/session';
import { api } from '../lib/api';
import { errorMessage, showServerError } from '../lib/form';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

interface Values {
  username: string;
  password: string;
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('login.title'));
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await api.call('login.create', { body: values }, { ignoreMessage: true });
      signedIn(result.token, result.user);
      afterLogin(params.get('f'));
    } catch (err) {
      const fields = (err as { data?: { fields?: unknown } }).data?.fields;
      if (fields) showServerError(form, err);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('login.title')}</h1>
      {params.get('timeout') ? <Alert className="auth-alert" type="warning" showIcon title={t('login.expired')} /> : null}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        {/* The same checks as the API's login body, without zod: the sign-in page loads no schema library. */}
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('v.account') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('v.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {failure ? <Alert className="auth-alert" type="error" role="alert" title={failure} /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <p className="auth-links">
        {!config.offline && <Link to={paths.register.href()}>{t('login.toRegister')}</Link>}
        <Link to={paths.home.href()}>{t('common.home')}</Link>
      </p>
    </div>
  );
}
