import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { paths } from '../paths';

/** The login layout with the logo (spec section 2). */
export function Component() {
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to={paths.home.href()} aria-label="Apiloom">
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth-main">
        <Outlet />
      </main>
    </div>
  );
}
