import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserBody, type UserDetail } from '../../../../shared/schemas/account';
import { Field, Spinner } from '../../components/ui';
import { toast } from '../../components/toast';
import { imageUrl } from '../../config';
import { useCurrentUser } from '../../features/auth/session';
import { useApiMutation } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';

export function Component() {
  const user = useCurrentUser();
  if (!user.data) return <Spinner />;
  return <InfoForm user={user.data} />;
}

function InfoForm({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation();
  const { errors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({ nickname: user.nickname, avatar: user.avatar ?? '' });
  const save = useApiMutation('user.update', { invalidates: ['user.detail'] });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = validate(updateUserBody, values, t);
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      toast.success(t('common.saved'));
    } catch (err) {
      fromServer(err);
    }
  }
  const registered = new Date(user.registeredAt).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en');
  return (
    <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
      <div className="profile-summary">
        {values.avatar ? <img className="avatar avatar-large" src={imageUrl(values.avatar)} alt="" /> : <span className="avatar avatar-large avatar-letter">{values.nickname.slice(0, 1)}</span>}
        <dl>
          <dt>{t('profile.email')}</dt>
          <dd>{user.email ?? '—'}</dd>
          <dt>{t('profile.phone')}</dt>
          <dd>{user.phone ?? '—'}</dd>
          <dt>{t('profile.registeredAt')}</dt>
          <dd>{registered}</dd>
        </dl>
      </div>
      <Field label={t('profile.nickname')} error={errors.nickname}>
        {(id, d) => <input id={id} aria-describedby={d} value={values.nickname} onChange={(e) => setValues({ ...values, nickname: e.target.value })} />}
      </Field>
      <Field label={t('profile.avatar')} error={errors.avatar} hint={t('profile.avatarHint')}>
        {(id, d) => <input id={id} aria-describedby={d} value={values.avatar} onChange={(e) => setValues({ ...values, avatar: e.target.value })} />}
      </Field>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}
