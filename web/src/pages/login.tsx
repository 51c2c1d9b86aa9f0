import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginBody } from '../../../shared/schemas/account';
import { Field } from '../components/ui';
import { config } from '../config';
import { signedIn, useAfterLogin } from '../features/auth/session';
import { api, isApiError } from '../lib/api';
import { useFieldErrors } from '../lib/form';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const afterLogin = useAfterLogin();
  const { errors, setErrors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({ username: '', password: '' });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = validate(loginBody, values, t);
    if (!body) return;
    setBusy(true);
    try {
      const result = await api.call('login.create', { body }, { ignoreMessage: true });
      signedIn(result.token, result.user);
      afterLogin(params.get('f'));
    } catch (err) {
      if (!fromServer(err)) setErrors({ _: isApiError(err) ? err.message : t('api.busy') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('login.title')}</h1>
      {params.get('timeout') ? (
        <p className="notice notice-warning" role="status">
          {t('login.expired')}
        </p>
      ) : null}
      <Field label={t('login.username')} error={errors.username}>
        {(id, describedBy) => (
          <input id={id} aria-describedby={describedBy} autoComplete="username" value={values.username} onChange={(e) => setValues({ ...values, username: e.target.value })} />
        )}
      </Field>
      <Field label={t('login.password')} error={errors.password}>
        {(id, describedBy) => (
          <input id={id} type="password" aria-describedby={describedBy} autoComplete="current-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
        )}
      </Field>
      {errors._ ? (
        <p className="form-error" role="alert">
          {errors._}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {t('login.submit')}
      </button>
      <p className="auth-links">
        {!config.offline && <Link to="/register">{t('login.toRegister')}</Link>}
        <Link to="/">{t('common.home')}</Link>
      </p>
    </form>
  );
}
