import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import * as z from 'zod';
import { VERIFICATION_CODE_RESEND_SECONDS } from '../../../shared/constants';
import { vKey } from '../../../shared/messages';
import { accountSchema, registerBody } from '../../../shared/schemas/account';
import { Field } from '../components/ui';
import { toast } from '../components/toast';
import { config } from '../config';
import { signedIn, useAfterLogin } from '../features/auth/session';
import { api, isApiError } from '../lib/api';
import { useFieldErrors } from '../lib/form';

const registerForm = registerBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: vKey('passwordMismatch'), path: ['confirmPassword'] });

export function Component() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const { errors, setErrors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({ account: '', nickname: '', password: '', confirmPassword: '', code: '' });
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  if (config.offline) return <Navigate to="/login" replace />;
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  async function sendCode() {
    const target = accountSchema.safeParse(values.account);
    if (!target.success) {
      setErrors({ account: t(vKey('account')) });
      return;
    }
    try {
      await api.call('code.register', { params: { target: target.data } }, { ignoreMessage: true });
      setCountdown(VERIFICATION_CODE_RESEND_SECONDS);
      toast.success(t('register.codeSent'));
    } catch (err) {
      if (!fromServer(err)) setErrors({ account: isApiError(err) ? err.message : t('api.busy') });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = validate(registerForm, values, t);
    if (!form) return;
    setBusy(true);
    try {
      const { confirmPassword: _confirm, ...body } = form;
      const result = await api.call('user.register', { body }, { ignoreMessage: true });
      signedIn(result.token, result.user);
      afterLogin(null);
    } catch (err) {
      if (!fromServer(err)) setErrors({ _: isApiError(err) ? err.message : t('api.busy') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('register.title')}</h1>
      <Field label={t('register.account')} error={errors.account} hint={t('register.accountHint')}>
        {(id, d) => <input id={id} aria-describedby={d} autoComplete="email" value={values.account} onChange={set('account')} />}
      </Field>
      <Field label={t('register.code')} error={errors.code}>
        {(id, d) => (
          <div className="input-with-button">
            <input id={id} aria-describedby={d} inputMode="numeric" maxLength={6} value={values.code} onChange={set('code')} />
            <button type="button" className="button" onClick={() => void sendCode()} disabled={countdown > 0}>
              {countdown > 0 ? t('register.resendIn', { seconds: countdown }) : t('register.sendCode')}
            </button>
          </div>
        )}
      </Field>
      <Field label={t('register.nickname')} error={errors.nickname}>
        {(id, d) => <input id={id} aria-describedby={d} autoComplete="nickname" value={values.nickname} onChange={set('nickname')} />}
      </Field>
      <Field label={t('register.password')} error={errors.password} hint={t('v.password')}>
        {(id, d) => <input id={id} type="password" aria-describedby={d} autoComplete="new-password" value={values.password} onChange={set('password')} />}
      </Field>
      <Field label={t('register.confirmPassword')} error={errors.confirmPassword}>
        {(id, d) => <input id={id} type="password" aria-describedby={d} autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />}
      </Field>
      {errors._ ? (
        <p className="form-error" role="alert">
          {errors._}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t('register.submit')}
      </button>
      <p className="auth-links">
        <Link to="/login">{t('register.toLogin')}</Link>
      </p>
    </form>
  );
}
