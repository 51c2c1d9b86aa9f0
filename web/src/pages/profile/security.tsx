import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePasswordBody } from '../../../../shared/schemas/account';
import { Field } from '../../components/ui';
import { api, isApiError } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function Component() {
  const { t } = useTranslation();
  const { errors, setErrors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = validate(updatePasswordBody, values, t);
    if (!body) return;
    setBusy(true);
    try {
      await api.call('user.updatePassword', { body }, { ignoreMessage: true });
      setValues(EMPTY);
      setDone(true);
    } catch (err) {
      if (!fromServer(err)) setErrors(isApiError(err) && err.code === 45004 ? { oldPassword: err.message } : { _: isApiError(err) ? err.message : t('api.busy') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('security.changePassword')}</h2>
      <p className="muted">{t('security.suggestion')}</p>
      {done ? (
        <p className="notice notice-success" role="status">
          {t('security.changed')}
        </p>
      ) : null}
      <Field label={t('security.oldPassword')} error={errors.oldPassword}>
        {(id, d) => <input id={id} type="password" aria-describedby={d} autoComplete="current-password" value={values.oldPassword} onChange={set('oldPassword')} />}
      </Field>
      <Field label={t('security.newPassword')} error={errors.newPassword} hint={t('v.password')}>
        {(id, d) => <input id={id} type="password" aria-describedby={d} autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />}
      </Field>
      <Field label={t('security.confirmPassword')} error={errors.confirmPassword}>
        {(id, d) => <input id={id} type="password" aria-describedby={d} autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />}
      </Field>
      {errors._ ? <p className="form-error">{errors._}</p> : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('security.submit')}
      </button>
    </form>
  );
}
