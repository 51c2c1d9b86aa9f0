import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../components/logo';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

/** The notice shown before leaving for an external link; only http and https addresses are offered. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('external.title'));
  const [params] = useSearchParams();
  const target = params.get('url') ?? '';
  const safe = /^https?:\/\//i.test(target);
  return (
    <main className="auth-page auth-main">
      <div className="auth-card">
        <Logo />
        <Typography.Title level={1} className="auth-title">
          {t('external.title')}
        </Typography.Title>
        {safe ? (
          <>
            <Typography.Paragraph>{t('external.text')}</Typography.Paragraph>
            <Typography.Paragraph code className="external-url">
              {target}
            </Typography.Paragraph>
            <Button type="primary" block icon={<ExportOutlined aria-hidden />} href={target} rel="noopener noreferrer nofollow">
              {t('external.continue')}
            </Button>
          </>
        ) : (
          <Alert type="error" showIcon title={t('external.invalid')} />
        )}
        <p className="auth-links">
          <Link to={paths.home.href()}>{t('common.home')}</Link>
        </p>
      </div>
    </main>
  );
}
