import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ERRORS } from '@shared/errors';
import { accountSchema, nicknameSchema, passwordSchema } from '@shared/schemas/account';
import { config } from '../config';
import { signedIn, useAfterLogin } from '../features/auth/api/session';
import { api, isApiError } from '../lib/api';
import { errorMessage, showServerError, sameAs, zodRule } from '../lib/form';
import { useToastsOfPage } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';
import { CodeField } from '../features/auth/components/code-field';

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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The password rule shows once: as the hint, or as the error when the password breaks it (the same words).
  const [passwordRefused, setPasswordRefused] = useState(false);
  const toastHere = useToastsOfPage();

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

  async function sendCode(): Promise<boolean> {
    let account: string;
    try {
      // Validating the field again also clears an error it showed before (a stale "enter a correct email").
      ({ account } = await form.validateFields(['account']));
    } catch {
      return false;
    }
    try {
      await api.call('code.register', { params: { target: accountSchema.parse(account) } }, { ignoreMessage: true });
      toastHere(t('register.codeSent'));
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
      const result = await api.call('user.register', { body }, { ignoreMessage: true });
      signedIn(result.user);
      afterLogin(null);
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
      <h1 className="auth-title">{t('register.title')}</h1>
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
        <Form.Item name="account" label={t('register.account')} extra={t('register.accountHint')} rules={[zodRule(accountSchema)]}>
          <Input autoComplete="email" />
        </Form.Item>
        <CodeField send={sendCode} />
        <Form.Item name="nickname" label={t('register.nickname')} rules={[zodRule(nicknameSchema)]}>
          <Input autoComplete="nickname" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          extra={passwordRefused ? undefined : t('v.password')}
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('register.confirmPassword')} dependencies={['password']} rules={[sameAs('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
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
