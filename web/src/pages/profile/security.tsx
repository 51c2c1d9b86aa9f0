import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';

export function Component() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={2}>{t('security.changePassword')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('security.suggestion')}</Typography.Paragraph>
      <ChangePasswordForm />
    </Card>
  );
}
