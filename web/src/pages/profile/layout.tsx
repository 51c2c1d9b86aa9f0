import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';

/** Account settings (spec section 2): basic info, security, account association, quit. */
export function Component() {
  const { t } = useTranslation();
  const tab = (to: string, label: string) => (
    <NavLink to={to} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
      {label}
    </NavLink>
  );
  return (
    <section className="settings">
      <h1>{t('profile.title')}</h1>
      <nav className="tabs">
        {tab('/dashboard/profile/info', t('profile.info'))}
        {tab('/dashboard/profile/security', t('profile.security'))}
        {tab('/dashboard/profile/relation', t('profile.relation'))}
        {tab('/dashboard/profile/quit', t('profile.quit'))}
      </nav>
      <Outlet />
    </section>
  );
}
