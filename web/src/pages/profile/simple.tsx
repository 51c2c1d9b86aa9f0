import { LinkOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { config } from '../../config';
import { signOut } from '../../features/auth/api/session';
import { paths } from '../../paths';

/** Account association: third-party sign-in providers (none are configured in this deployment). */
export function RelationPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty
        image={<LinkOutlined className="empty-icon" aria-hidden />}
        description={
          <>
            <strong>{t('relation.title')}</strong>
            <br />
            {config.offline ? t('relation.offline') : t('relation.none')}
          </>
        }
      />
    </Card>
  );
}

/** Quit: sign out of this browser. */
export function QuitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Typography.Title level={2}>{t('quit.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('quit.text')}</Typography.Paragraph>
      <Button
        danger
        type="primary"
        icon={<LogoutOutlined aria-hidden />}
        onClick={() => void signOut(() => void navigate(paths.login.href(), { replace: true }))}
      >
        {t('dashboard.logout')}
      </Button>
    </Card>
  );
}
