/**
 * Password recovery (spec `/forget`): the account, a code sent to it, the new password twice. The page says the
 * same whether or not the account exists (so does the server); a good code ends every session of the account and
 * leads to `/forget-success`.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERRORS } from '@shared/errors';
import { accountSchema, passwordSchema } from '@shared/schemas/account';
import { api, isApiError } from '../lib/api';
import { errorMessage, showServerError, sameAs, zodRule } from '../lib/form';
import { useToastsOfPage } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';
import { CodeField } from '../features/auth/components/code-field';

interface Values {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('forget.title'));
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [passwordRefused, setPasswordRefused] = useState(false);
  const toastHere = useToastsOfPage();

  async function sendCode(): Promise<boolean> {
    let account: string;
    try {
      ({ account } = await form.validateFields(['account']));
    } catch {
      return false;
    }
    try {
      await api.call('code.resetPassword', { params: { target: accountSchema.parse(account) } }, { ignoreMessage: true });
      toastHere(t('forget.codeSent'));
      return true;
    } catch (err) {
      showServerError(form, err, { atField: 'account' });
      return false;
    }
  }

  async function submit({ confirmPassword: _confirm, ...body }: Values) {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.call('user.resetPassword', { body }, { ignoreMessage: true });
      void navigate(paths.forgetSuccess.href(), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === ERRORS.invalidInput.code) showServerError(form, err);
      else if (isApiError(err) && err.code === ERRORS.badVerificationCode.code) form.setFields([{ name: 'code', errors: [err.message] }]);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('forget.title')}</h1>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        onFieldsChange={(changed) => {
          const password = changed.find((f) => String(f.name) === 'password');
          if (password) setPasswordRefused(Boolean(password.errors?.length));
        }}
      >
        <Form.Item name="account" label={t('forget.account')} extra={t('forget.accountHint')} rules={[zodRule(accountSchema)]}>
          <Input autoComplete="username" />
        </Form.Item>
        <CodeField send={sendCode} />
        <Form.Item
          name="password"
          label={t('forget.password')}
          extra={passwordRefused ? undefined : t('v.password')}
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('forget.confirmPassword')} dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {failure ? <Alert className="auth-alert" type="error" role="alert" title={failure} /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('forget.submit')}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={paths.login.href()}>{t('forget.toLogin')}</Link>
      </p>
    </div>
  );
}
