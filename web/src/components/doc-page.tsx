import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

/** A public reading page (the manual, the plug-in page): the logo home, the language switch, and an article. */
export function DocPage({ children }: { children: ReactNode }) {
  return (
    <Layout className="doc-page">
      <Layout.Header className="app-header">
        <Link to={paths.home.href()} aria-label="Apiloom">
          <Logo small />
        </Link>
        <LanguageSwitch />
      </Layout.Header>
      <Layout.Content>
        <article className="help">{children}</article>
      </Layout.Content>
    </Layout>
  );
}
