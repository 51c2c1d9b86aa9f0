import { ApiOutlined, CloudUploadOutlined, ShareAltOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LinkButton } from '../components/link-button';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { config } from '../config';
import { useSignIn } from '../features/auth/api/account';
import { DEMO_ACCOUNT, useAfterLogin, useCurrentUser } from '../features/auth/api/session';
import { errorMessage } from '../lib/form';
import { notify } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

const FEATURES = [
  { key: 'docs', icon: <ApiOutlined aria-hidden /> },
  { key: 'share', icon: <ShareAltOutlined aria-hidden /> },
  { key: 'mock', icon: <ThunderboltOutlined aria-hidden /> },
  { key: 'import', icon: <CloudUploadOutlined aria-hidden /> },
] as const;

export function Component() {
  const { t } = useTranslation();
  useTitle(t('home.pageTitle'));
  const user = useCurrentUser({ ignoreRedirect: true });
  const afterLogin = useAfterLogin();
  const [busy, setBusy] = useState(false);
  const signIn = useSignIn();
  if (user.data) return <Navigate to={paths.dashboard.href()} replace />;

  async function tryDemo() {
    setBusy(true);
    try {
      await signIn.mutateAsync({ body: DEMO_ACCOUNT });
      afterLogin(null);
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="home">
      <header className="home-header">
        <Logo />
        <Flex component="nav" align="center" gap={8}>
          <LinkButton to={paths.help.href()} type="text">
            {t('home.help')}
          </LinkButton>
          <LanguageSwitch />
          <LinkButton to={paths.login.href()}>{t('home.login')}</LinkButton>
          {!config.offline && (
            <LinkButton to={paths.register.href()} type="primary">
              {t('home.register')}
            </LinkButton>
          )}
        </Flex>
      </header>
      <main className="home-hero">
        <Typography.Title>{t('home.title')}</Typography.Title>
        <Typography.Paragraph className="home-lead">{t('home.lead')}</Typography.Paragraph>
        <Flex gap={12} justify="center" className="home-actions">
          <LinkButton to={paths.dashboard.href()} type="primary" size="large">
            {t('home.console')}
          </LinkButton>
          <Button size="large" onClick={() => void tryDemo()} loading={busy}>
            {t('home.demo')}
          </Button>
        </Flex>
        <Row gutter={[16, 16]} className="home-features">
          {FEATURES.map(({ key, icon }) => (
            <Col xs={24} sm={12} md={6} key={key}>
              <Card>
                <span className="home-feature-icon" aria-hidden>
                  {icon}
                </span>
                <Typography.Title level={2} className="home-feature-title">
                  {t(`home.features.${key}.title`)}
                </Typography.Title>
                <Typography.Paragraph type="secondary">{t(`home.features.${key}.text`)}</Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" className="home-claim">
          {t('home.claim')}
        </Typography.Paragraph>
      </main>
      <footer className="home-footer">Apiloom {config.version}</footer>
    </div>
  );
}
