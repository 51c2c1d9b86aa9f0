/** Spec `/reset-pass`: a signed-in person changes the password (the same form as the security settings). */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../features/auth/components/require-auth';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { useTitle } from '../lib/title';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('security.changePassword'));
  return (
    <RequireAuth>
      <div className="auth-card">
        <h1 className="auth-title">{t('security.changePassword')}</h1>
        <Typography.Paragraph type="secondary">{t('security.suggestion')}</Typography.Paragraph>
        <ChangePasswordForm />
      </div>
    </RequireAuth>
  );
}
