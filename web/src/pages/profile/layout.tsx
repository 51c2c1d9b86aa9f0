import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTitle } from '../../lib/title';
import { paths, PROFILE_TABS, type ProfileTab } from '../../paths';

/** Account settings (spec section 2): basic info, security, account association, quit. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = PROFILE_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'info';
  useTitle(t(`profile.${active}`), t('profile.title'));
  return (
    <section className="settings">
      <Typography.Title level={1}>{t('profile.title')}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(paths.profile.href(key as ProfileTab))}
        items={PROFILE_TABS.map((tab) => ({ key: tab, label: t(`profile.${tab}`) }))}
      />
      <Outlet />
    </section>
  );
}
