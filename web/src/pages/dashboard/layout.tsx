import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch, Logo } from '../../components/ui';
import { imageUrl } from '../../config';
import { signOut, useCurrentUser } from '../../features/auth/session';
import { RequireAuth } from '../../features/auth/require-auth';

/** The console's views of spec section 2's left menu, kept in the URL so each is linkable. */
export const CONSOLE_VIEWS = ['projects', 'favorites', 'all', 'archived', 'recycle'] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

function SideMenu() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = params.get('view') ?? 'projects';
  const item = (to: string, active: boolean, label: string, icon: string) => (
    <Link to={to} className={`menu-item${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined}>
      <span aria-hidden>{icon}</span> {label}
    </Link>
  );
  const onConsole = location.pathname === '/dashboard';
  return (
    <nav className="side-menu" aria-label={t('dashboard.menu')}>
      {item('/dashboard', onConsole && view === 'projects', t('dashboard.myProjects'), '▦')}
      {item('/dashboard?view=favorites', onConsole && view === 'favorites', t('dashboard.favorites'), '★')}
      {item('/dashboard?view=all', onConsole && view === 'all', t('dashboard.projectList'), '☰')}
      <span className="menu-item disabled" title={t('dashboard.teamsLater')} aria-disabled>
        <span aria-hidden>＋</span> {t('dashboard.createTeam')}
      </span>
      <div className="menu-separator" />
      {item('/help', false, t('dashboard.manual'), '?')}
      <NavLink to="/dashboard/profile/info" className={({ isActive }) => `menu-item${isActive ? ' active' : ''}`}>
        <span aria-hidden>⚙</span> {t('dashboard.account')}
      </NavLink>
    </nav>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <div className="user-menu">
      <LanguageSwitch />
      {user.data ? (
        <Link to="/dashboard/profile/info" className="user-chip">
          {user.data.avatar ? <img src={imageUrl(user.data.avatar)} alt="" className="avatar" /> : <span className="avatar avatar-letter">{user.data.nickname.slice(0, 1)}</span>}
          <span>{user.data.nickname}</span>
        </Link>
      ) : null}
      <button
        type="button"
        className="button button-ghost"
        onClick={() => void signOut(() => void navigate('/login', { replace: true }))}
      >
        {t('dashboard.logout')}
      </button>
    </div>
  );
}

export function Component() {
  return (
    <RequireAuth>
      <div className="console">
        <header className="console-header">
          <Link to="/dashboard">
            <Logo small />
          </Link>
          <UserMenu />
        </header>
        <div className="console-body">
          <SideMenu />
          <main className="console-main">
            <Outlet />
          </main>
        </div>
      </div>
    </RequireAuth>
  );
}
