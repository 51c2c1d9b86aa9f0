import { AppstoreOutlined, QuestionCircleOutlined, SettingOutlined, StarOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { AppHeader } from '../../components/app-header';
import { LanguageSwitch } from '../../components/language-switch';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { UserMenu } from '../../features/auth/components/user-menu';
import { paths } from '../../paths';

/** The console's left menu (spec section 2). */
function SideMenu() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const onConsole = pathname === paths.dashboard.pattern;
  const view = params.get('q') ? 'all' : (params.get('view') ?? 'projects');
  const selected = onConsole ? (['archived', 'recycle'].includes(view) ? 'projects' : view) : pathname.startsWith(paths.profile.pattern) ? 'account' : '';
  return (
    <nav aria-label={t('dashboard.menu')}>
      <Menu
        mode="inline"
        selectedKeys={[selected]}
        items={[
          { key: 'projects', icon: <AppstoreOutlined aria-hidden />, label: <Link to={paths.dashboard.href()}>{t('dashboard.myProjects')}</Link> },
          { key: 'favorites', icon: <StarOutlined aria-hidden />, label: <Link to={paths.dashboard.href({ view: 'favorites' })}>{t('dashboard.favorites')}</Link> },
          { key: 'all', icon: <UnorderedListOutlined aria-hidden />, label: <Link to={paths.dashboard.href({ view: 'all' })}>{t('dashboard.projectList')}</Link> },
          { key: 'team', icon: <TeamOutlined aria-hidden />, disabled: true, title: t('dashboard.teamsLater'), label: t('dashboard.createTeam') },
          { type: 'divider' },
          { key: 'help', icon: <QuestionCircleOutlined aria-hidden />, label: <Link to={paths.help.href()}>{t('dashboard.manual')}</Link> },
          { key: 'account', icon: <SettingOutlined aria-hidden />, label: <Link to={paths.profile.href()}>{t('dashboard.account')}</Link> },
        ]}
      />
    </nav>
  );
}

export function Component() {
  return (
    <RequireAuth>
      <Layout className="console">
        <AppHeader
          home={paths.dashboard.href()}
          right={
            <>
              <LanguageSwitch />
              <UserMenu />
            </>
          }
        />
        <Layout>
          <Layout.Sider width={208} breakpoint="md" collapsedWidth={0} className="console-side" theme="light">
            <SideMenu />
          </Layout.Sider>
          <Layout.Content className="console-main">
            <main>
              <Outlet />
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </RequireAuth>
  );
}
