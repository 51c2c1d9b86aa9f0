/**
 * Password recovery (spec `/forget`): the account, a code sent to it, the new password twice. The page says the
 * same whether or not the account exists (so does the server); a good code ends every session of the account and
 * leads to `/forget-success`.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountSchema } from '@shared/schemas/account';
import { useResetPassword, useSendCode } from '../features/auth/api/account';
import { config } from '../config';
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
  password: string;
  confirmPassword: string;
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('forget.title'));
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const toastHere = useToastsOfPage();
  const resetPassword = useResetPassword();
  const sendCode = useSendCode('code.resetPassword');
  const { busy, failure, submit } = useAuthSubmit(form, async ({ confirmPassword: _confirm, ...body }: Values) => {
    await resetPassword.mutateAsync({ body });
    void navigate(paths.forgetSuccess.href(), { replace: true });
  });

  // Offline there is no mail or SMS sender (spec section 1): a code would reach no one, so the page says who can help.
  if (config.offline) {
    return (
      <div className="auth-card">
        <h1 className="auth-title">{t('forget.title')}</h1>
        <Alert className="auth-alert" type="info" showIcon title={t('forget.offline')} />
        <p className="auth-links">
          <Link to={paths.login.href()}>{t('forget.toLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('forget.title')}</h1>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="account" label={t('forget.account')} extra={t('forget.accountHint')} rules={[zodRule(accountSchema)]}>
          <Input autoComplete="username" />
        </Form.Item>
        <CodeField
          from="account"
          request={(account) => sendCode.mutateAsync({ params: { target: accountSchema.parse(account) } })}
          onSent={() => toastHere(t('forget.codeSent'))}
        />
        <NewPasswordFields label={t('forget.password')} confirmLabel={t('forget.confirmPassword')} />
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
