import { Link, Outlet } from 'react-router';
import { LanguageSwitch, Logo } from '../components/ui';

/** The login layout with the logo (spec section 2). */
export function Component() {
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to="/">
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <Outlet />
    </div>
  );
}
