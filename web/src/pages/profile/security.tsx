import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { config } from '../../config';
import { AddressChangeForm } from '../../features/auth/components/address-change-form';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useCurrentUser } from '../../features/auth/api/session';

export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user.data) return <PageLoading />;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={2}>{t('security.changePassword')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('security.suggestion')}</Typography.Paragraph>
        <ChangePasswordForm />
      </Card>
      {/* An offline deployment sends no codes to new addresses (spec section 1). */}
      {config.offline ? (
        <Alert type="info" showIcon title={t('error.addressChangeDisabled')} />
      ) : (
        <>
          <Card>
            <Typography.Title level={2}>{t('security.change.email')}</Typography.Title>
            <AddressChangeForm kind="email" user={user.data} />
          </Card>
          <Card>
            <Typography.Title level={2}>{t('security.change.phone')}</Typography.Title>
            <AddressChangeForm kind="phone" user={user.data} />
          </Card>
        </>
      )}
    </Flex>
  );
}
