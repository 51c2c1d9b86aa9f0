import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** The top bar every signed-in screen shares: the logo home, the screen's own middle part, and the right side. */
export function AppHeader({ home, children, right }: { home: string; children?: ReactNode; right: ReactNode }) {
  return (
    <Layout.Header className="app-header">
      <Link to={home} className="app-logo" aria-label="Apiloom">
        <Logo small />
      </Link>
      <div className="app-header-middle">{children}</div>
      <div className="app-header-right">{right}</div>
    </Layout.Header>
  );
}
