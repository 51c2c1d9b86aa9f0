import { Alert, Button, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ERRORS } from '@shared/errors';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { config } from '../config';
import { useSendCode, useSignIn } from '../features/auth/api/account';
import { useAfterLogin } from '../features/auth/api/session';
import { isApiError } from '../lib/api';
import { notify } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';
import { useAuthSubmit } from '../features/auth/lib/use-auth-submit';
import { ThirdPartyButtons } from '../features/auth/components/third-party-buttons';

/**
 * The code field comes only with a step-up (many failed sign-ins on the account): it and the schema library its
 * rule needs load then, not with every sign-in page.
 */
const CodeField = lazy(() => import('../features/auth/components/code-field').then(({ CodeField }) => ({ default: CodeField })));

interface Values {
  username: string;
  password: string;
  /** Asked for only once the server wants a step-up (many failed sign-ins on the account). */
  code?: string;
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('login.title'));
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  const [form] = Form.useForm<Values>();
  const [stepUp, setStepUp] = useState<string>();
  const signIn = useSignIn();
  const sendCode = useSendCode('code.login');
  const { busy, failure, submit } = useAuthSubmit(
    form,
    async (values: Values) => {
      const body = { username: values.username, password: values.password, ...(values.code ? { code: values.code } : {}) };
      await signIn.mutateAsync({ body });
      afterLogin(params.get('f'));
    },
    // Many failed sign-ins on the account: the server asks for a code too, said above the code field it brings.
    (err) => {
      if (!isApiError(err) || err.code !== ERRORS.stepUpRequired.code) return false;
      setStepUp(err.message);
      return true;
    },
  );

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('login.title')}</h1>
      {params.get('timeout') ? (
        <Alert className="auth-alert" type="warning" showIcon title={t('login.expired')} />
      ) : params.get('f') ? (
        <Alert className="auth-alert" type="info" showIcon title={t('login.signInFirst')} />
      ) : null}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        {/* The same checks as the API's login body, without zod: the sign-in page loads no schema library. */}
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('v.account') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('v.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {stepUp ? (
          <>
            <Alert className="auth-alert" type="info" showIcon title={stepUp} />
            <Suspense fallback={null}>
              <CodeField
                from="username"
                request={(username) => sendCode.mutateAsync({ params: { target: username.trim() } })}
                onSent={() => notify.success(t('register.codeSent'))}
                errorAt="code"
              />
            </Suspense>
          </>
        ) : null}
        {failure ? <Alert className="auth-alert" type="error" role="alert" title={failure} /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      {!config.offline && <ThirdPartyButtons f={params.get('f')} />}
      <p className="auth-links">
        {!config.offline && <Link to={paths.register.href()}>{t('login.toRegister')}</Link>}
        {/* Offline nothing can deliver a reset code: the recovery page would only send one no one receives. */}
        {!config.offline && <Link to={paths.forget.href()}>{t('login.forgot')}</Link>}
        <Link to={paths.home.href()}>{t('common.home')}</Link>
      </p>
    </div>
  );
}
