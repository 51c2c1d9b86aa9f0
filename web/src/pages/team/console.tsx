/**
 * A team's console (spec section 2), like the personal console: the team's folders and projects, every team
 * project the caller reaches, and the team's archive and recycle bin.
 */
import { FolderAddOutlined, ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Empty, Flex, Menu, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TeamStanding, TeamView } from '@shared/schemas/team';
import { LinkButton } from '../../components/link-button';
import { QueryState } from '../../components/query-state';
import { imageUrl } from '../../config';
import { useArchived, useRecycled, useTeamProjects } from '../../features/projects/api';
import { FolderBrowser, LayoutSwitch, ProjectGrid, useTiledLayout } from '../../features/projects/components/console-views';
import { FolderDialog, NewProjectDialog } from '../../features/projects/components/dialogs';
import { ProjectSearchBox } from '../../features/projects/components/project-search-box';
import { useTeam, useTeamStanding } from '../../features/teams/api';
import { useTitle } from '../../lib/title';
import { paths, TEAM_CONSOLE_VIEWS, type TeamConsoleView } from '../../paths';

/** Every team project the caller reaches, filtered as they type. */
function AllTeamProjects({ teamId, tiled, arrange }: { teamId: string; tiled: boolean; arrange: boolean }) {
  const { t } = useTranslation();
  const projects = useTeamProjects(teamId);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = (projects.data ?? []).filter(
    (p) => !needle || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle),
  );
  return (
    <QueryState query={projects}>
      <ProjectSearchBox value={filter} onChange={setFilter} className="console-search console-filter" />
      <ProjectGrid
        projects={shown}
        tiled={tiled}
        mode="active"
        arrange={arrange}
        empty={
          <Empty
            description={
              needle ? (
                t('projects.emptyViews.search')
              ) : (
                <>
                  <strong>{t('teams.noProjects')}</strong>
                  <br />
                  {arrange ? t('teams.emptyHint') : t('teams.accessHint')}
                </>
              )
            }
          />
        }
      />
    </QueryState>
  );
}

/** The team's archived projects, or its recycle bin. */
function TeamBin({ teamId, view, tiled }: { teamId: string; view: 'archived' | 'recycle'; tiled: boolean }) {
  const { t } = useTranslation();
  const archived = useArchived(view === 'archived', teamId);
  const recycled = useRecycled(view === 'recycle', teamId);
  const query = view === 'archived' ? archived : recycled;
  return (
    <QueryState query={query}>
      {view === 'recycle' ? <Alert className="console-notice" type="info" showIcon title={t('projects.recycleHint')} /> : null}
      <ProjectGrid
        projects={query.data ?? []}
        tiled={tiled}
        mode={view === 'archived' ? 'archived' : 'recycled'}
        empty={<Empty description={t(`projects.emptyViews.${view}`)} />}
      />
    </QueryState>
  );
}

function TeamConsole({ team, standing }: { team: TeamView; standing: TeamStanding }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('view') as TeamConsoleView | null;
  const view: TeamConsoleView | 'folders' = requested && TEAM_CONSOLE_VIEWS.includes(requested) ? requested : 'folders';
  const folderId = view === 'folders' ? params.get('folder') : null;
  const [tiled, setLayout] = useTiledLayout();
  const [dialog, setDialog] = useState<'project' | 'folder' | null>(null);
  const arrange = standing.can.operateAllProjects;
  // The projects this member reaches, as the lists show them: refreshed with the lists after any project change.
  const reachable = useTeamProjects(team.id);
  useTitle(team.name, t('dashboard.console'));
  return (
    <section className="console-page">
      <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12}>
          <Avatar shape="square" size={40} src={imageUrl(team.avatar || null)} alt="" aria-hidden className="team-icon">
            {team.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={1}>{team.name}</Typography.Title>
            <Typography.Text type="secondary">
              {t(`teams.roles.${team.role}`)} ·{' '}
              {t('teams.counts', { members: team.memberCount, projects: reachable.data?.length ?? team.projectCount })}
            </Typography.Text>
          </div>
        </Flex>
        <Flex gap={8} wrap align="center">
          <LayoutSwitch tiled={tiled} onChange={setLayout} />
          {view === 'folders' && arrange && (
            <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => setDialog('folder')}>
              {t('projects.newFolder')}
            </Button>
          )}
          {standing.can.createProjects && (
            <LinkButton to={paths.importPage.href({ teamId: team.id, folderId })} icon={<ImportOutlined aria-hidden />}>
              {t('projects.import')}
            </LinkButton>
          )}
          {standing.can.createProjects && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('project')}>
              {t('projects.newProject')}
            </Button>
          )}
          <LinkButton to={paths.teamSettings.href(team.id)} icon={<SettingOutlined aria-hidden />}>
            {t('teamSettings.title')}
          </LinkButton>
        </Flex>
      </Flex>
      {team.description ? <Typography.Paragraph type="secondary">{team.description}</Typography.Paragraph> : null}
      <nav aria-label={t('projects.moreLists')}>
        <Menu
          mode="horizontal"
          selectedKeys={[view]}
          className="sub-tabs"
          items={[
            { key: 'folders', label: <Link to={paths.team.href(team.id)}>{t('teams.projects')}</Link> },
            { key: 'all', label: <Link to={paths.team.href(team.id, { view: 'all' })}>{t('teams.allProjects')}</Link> },
            { key: 'archived', label: <Link to={paths.team.href(team.id, { view: 'archived' })}>{t('projects.titles.archived')}</Link> },
            { key: 'recycle', label: <Link to={paths.team.href(team.id, { view: 'recycle' })}>{t('projects.titles.recycle')}</Link> },
          ]}
        />
      </nav>
      {view === 'folders' ? (
        <FolderBrowser tiled={tiled} teamId={team.id} rootLabel={team.name} arrange={arrange} />
      ) : view === 'all' ? (
        <AllTeamProjects teamId={team.id} tiled={tiled} arrange={arrange} />
      ) : (
        <TeamBin teamId={team.id} view={view} tiled={tiled} />
      )}
      {dialog === 'project' && <NewProjectDialog folderId={folderId} teamId={team.id} onClose={() => setDialog(null)} />}
      {dialog === 'folder' && <FolderDialog parentId={folderId} teamId={team.id} onClose={() => setDialog(null)} />}
    </section>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId, { ignoreMessage: true });
  const standing = useTeamStanding(teamId, { ignoreMessage: true });
  const failed = team.error ?? standing.error;
  return (
    <QueryState query={{ isPending: team.isPending || standing.isPending, error: failed }}>
      {team.data && standing.data ? <TeamConsole team={team.data} standing={standing.data} /> : null}
    </QueryState>
  );
}
