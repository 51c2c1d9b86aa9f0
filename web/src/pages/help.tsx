import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

const SECTIONS = ['start', 'projects', 'documents', 'folders', 'recycle', 'account'] as const;

/** The user manual. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('help.title'));
  return (
    <Layout className="doc-page">
      <Layout.Header className="app-header">
        <Link to={paths.home.href()} aria-label="Apiloom">
          <Logo small />
        </Link>
        <LanguageSwitch />
      </Layout.Header>
      <Layout.Content>
        <article className="help">
          <Typography.Title>{t('help.title')}</Typography.Title>
          {SECTIONS.map((key) => (
            <section key={key}>
              <Typography.Title level={2}>{t(`help.${key}.title`)}</Typography.Title>
              <Typography.Paragraph>{t(`help.${key}.text`)}</Typography.Paragraph>
            </section>
          ))}
        </article>
      </Layout.Content>
    </Layout>
  );
}
