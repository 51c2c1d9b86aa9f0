import {
  AppstoreOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  StarOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Avatar, Layout, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppHeader } from '../../components/app-header';
import { LanguageSwitch } from '../../components/language-switch';
import { imageUrl } from '../../config';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useTeams } from '../../features/teams/api';
import { CreateTeamDialog } from '../../features/teams/components/team-dialogs';
import { paths } from '../../paths';

const CREATE_TEAM = 'create-team';
const teamKey = (teamId: string) => `team:${teamId}`;

/** The console's left menu (spec section 2): the personal console's views, the caller's teams, help, account. */
function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const teams = useTeams();
  const [creating, setCreating] = useState(false);
  const onConsole = pathname === paths.dashboard.pattern;
  const view = params.get('q') ? 'all' : (params.get('view') ?? 'projects');
  const teamId = matchPath({ path: paths.team.pattern, end: false }, pathname)?.params.teamId;
  const selected = onConsole
    ? ['archived', 'recycle'].includes(view)
      ? 'projects'
      : view
    : teamId
      ? teamKey(teamId)
      : pathname.startsWith(paths.profile.pattern)
        ? 'account'
        : '';
  return (
    <nav aria-label={t('dashboard.menu')}>
      <Menu
        mode="inline"
        selectedKeys={[selected]}
        onClick={({ key }) => {
          if (key === CREATE_TEAM) setCreating(true);
        }}
        items={[
          {
            key: 'projects',
            icon: <AppstoreOutlined aria-hidden />,
            label: <Link to={paths.dashboard.href()}>{t('dashboard.myProjects')}</Link>,
          },
          {
            key: 'favorites',
            icon: <StarOutlined aria-hidden />,
            label: <Link to={paths.dashboard.href({ view: 'favorites' })}>{t('dashboard.favorites')}</Link>,
          },
          {
            key: 'all',
            icon: <UnorderedListOutlined aria-hidden />,
            label: <Link to={paths.dashboard.href({ view: 'all' })}>{t('dashboard.projectList')}</Link>,
          },
          {
            key: 'teams',
            type: 'group',
            label: t('dashboard.teams'),
            children: [
              ...(teams.data ?? []).map((team) => ({
                key: teamKey(team.id),
                icon: (
                  <Avatar size={18} shape="square" src={imageUrl(team.avatar || null)} alt="" aria-hidden className="team-icon">
                    {team.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                ),
                label: <Link to={paths.team.href(team.id)}>{team.name}</Link>,
              })),
              { key: CREATE_TEAM, icon: <PlusOutlined aria-hidden />, label: t('dashboard.createTeam') },
            ],
          },
          { type: 'divider' },
          { key: 'help', icon: <QuestionCircleOutlined aria-hidden />, label: <Link to={paths.help.href()}>{t('dashboard.manual')}</Link> },
          { key: 'account', icon: <SettingOutlined aria-hidden />, label: <Link to={paths.profile.href()}>{t('dashboard.account')}</Link> },
        ]}
      />
      {creating && <CreateTeamDialog onClose={() => setCreating(false)} onCreated={(team) => void navigate(paths.team.href(team.id))} />}
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
              <NotificationBell />
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
