import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountSchema, nicknameSchema } from '@shared/schemas/account';
import { config } from '../config';
import { useRegister, useSendCode } from '../features/auth/api/account';
import { useAfterLogin } from '../features/auth/api/session';
import { zodRule } from '../lib/form';
import { useToastsOfPage } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';
import { CodeField } from '../features/auth/components/code-field';
import { NewPasswordFields } from '../features/auth/components/new-password-fields';
import { useAuthSubmit } from '../features/auth/lib/use-auth-submit';

interface Values {
  account: string;
  code: string;
  nickname: string;
  password: string;
  confirmPassword: string;
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('register.title'));
  const afterLogin = useAfterLogin();
  const [form] = Form.useForm<Values>();
  const toastHere = useToastsOfPage();
  const register = useRegister();
  const sendCode = useSendCode('code.register');
  const { busy, failure, submit } = useAuthSubmit(form, async ({ confirmPassword: _confirm, ...body }: Values) => {
    await register.mutateAsync({ body });
    afterLogin(null);
  });

  // An offline deployment has no registration (spec section 1): the page says so instead of a form that fails.
  if (config.offline) {
    return (
      <div className="auth-card">
        <h1 className="auth-title">{t('register.title')}</h1>
        <Alert className="auth-alert" type="info" showIcon title={t('error.registrationDisabled')} />
        <p className="auth-links">
          <Link to={paths.login.href()}>{t('register.toLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('register.title')}</h1>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="account" label={t('register.account')} extra={t('register.accountHint')} rules={[zodRule(accountSchema)]}>
          <Input autoComplete="email" />
        </Form.Item>
        <CodeField
          from="account"
          request={(account) => sendCode.mutateAsync({ params: { target: accountSchema.parse(account) } })}
          onSent={() => toastHere(t('register.codeSent'))}
        />
        <Form.Item name="nickname" label={t('register.nickname')} rules={[zodRule(nicknameSchema)]}>
          <Input autoComplete="nickname" />
        </Form.Item>
        <NewPasswordFields label={t('register.password')} confirmLabel={t('register.confirmPassword')} />
        {failure ? <Alert className="auth-alert" type="error" title={failure} /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('register.submit')}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={paths.login.href()}>{t('register.toLogin')}</Link>
      </p>
    </div>
  );
}
