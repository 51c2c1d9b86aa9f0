import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { TeamStanding, TeamView } from '@shared/schemas/team';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../features/auth/api/session';
import { useTeam, useTeamStanding } from '../../features/teams/api';
import { useTitle } from '../../lib/title';
import { paths, TEAM_SETTINGS_TABS, type TeamSettingsTab } from '../../paths';

export interface TeamSettingsContext {
  team: TeamView;
  /** What the caller may do in the team. */
  standing: TeamStanding;
  selfId: string;
}

/** Team settings (spec section 2): info (with leaving and disbanding), members and groups, transfer. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const team = useTeam(id, { ignoreMessage: true });
  const standing = useTeamStanding(id, { ignoreMessage: true });
  const user = useCurrentUser();
  const active = TEAM_SETTINGS_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'info';
  useTitle(t(`teamSettings.${active}`), team.data?.name, t('teamSettings.title'));
  return (
    <QueryState query={{ isPending: team.isPending || standing.isPending, error: team.error ?? standing.error }}>
      {team.data && standing.data ? (
        <section className="settings">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={1}>
              {t('teamSettings.title')} · {team.data.name}
            </Typography.Title>
            <LinkButton to={paths.team.href(id)} icon={<ArrowLeftOutlined aria-hidden />}>
              {t('teamSettings.backToTeam')}
            </LinkButton>
          </Flex>
          <Tabs
            activeKey={active}
            onChange={(key) => void navigate(paths.teamSettings.href(id, key as TeamSettingsTab))}
            // Default notification channels are the team administrators' (their routes refuse developers).
            items={TEAM_SETTINGS_TABS.filter((tab) => tab !== 'channels' || standing.data.role !== 'developer').map((tab) => ({
              key: tab,
              label: t(`teamSettings.${tab}`),
            }))}
          />
          {user.data ? (
            <Outlet context={{ team: team.data, standing: standing.data, selfId: user.data.id } satisfies TeamSettingsContext} />
          ) : (
            <PageLoading />
          )}
        </section>
      ) : null}
    </QueryState>
  );
}
