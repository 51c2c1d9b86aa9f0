import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/**
 * The top bar every signed-in screen shares: the logo home, the screen's own middle part, and the right side; a
 * screen with more entries than fit beside its title gives them a second row (`below`), inside the same banner.
 */
export function AppHeader({ home, children, right, below }: { home: string; children?: ReactNode; right: ReactNode; below?: ReactNode }) {
  return (
    <Layout.Header className={below ? 'app-header app-header-two-rows' : 'app-header'}>
      <div className="app-header-row">
        <Link to={home} className="app-logo" aria-label="Apiloom">
          <Logo small />
        </Link>
        <div className="app-header-middle">{children}</div>
        <div className="app-header-right">{right}</div>
      </div>
      {below ? <div className="app-header-below">{below}</div> : null}
    </Layout.Header>
  );
}
