/** The personal console (spec section 2): projects and folders, favourites, all projects, search, archive, recycle bin. */
import { FolderAddOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Menu, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { QueryState } from '../../components/query-state';
import { useArchived, useFavorites, useProjectSearch, useRecycled } from '../../features/projects/api';
import { FolderBrowser, LayoutSwitch, ProjectGrid, useTiledLayout } from '../../features/projects/components/console-views';
import { FolderDialog, NewProjectDialog } from '../../features/projects/components/dialogs';
import { ProjectSearchBox } from '../../features/projects/components/project-search-box';
import type { ListMode } from '../../features/projects/components/project-actions';
import { useTitle } from '../../lib/title';
import { CONSOLE_VIEWS, paths, type ConsoleView } from '../../paths';

function ListOf({ view, tiled, keyword }: { view: Exclude<ConsoleView, 'projects'> | 'search'; tiled: boolean; keyword: string }) {
  const { t } = useTranslation();
  const favorites = useFavorites(view === 'favorites');
  const archived = useArchived(view === 'archived');
  const recycled = useRecycled(view === 'recycle');
  const all = useProjectSearch(view === 'search' ? keyword : '', view === 'all' || view === 'search');
  const query = { favorites, archived, recycle: recycled, all, search: all }[view];
  const mode: ListMode = view === 'archived' ? 'archived' : view === 'recycle' ? 'recycled' : 'active';
  const empty = <Empty description={t(`projects.emptyViews.${view}`)} />;
  return (
    <QueryState query={query}>
      {view === 'recycle' ? <Alert className="console-notice" type="info" showIcon title={t('projects.recycleHint')} /> : null}
      <ProjectGrid projects={query.data ?? []} tiled={tiled} mode={mode} empty={empty} />
    </QueryState>
  );
}

/** Filters as you type: the keyword goes to the address (so it can be shared) a moment after the last key. */
function ProjectSearch() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const [draft, setDraft] = useState(keyword);
  const first = useRef(true);
  // The setter changes with every navigation; only a new draft should start the timer.
  const update = useRef(setParams);
  useEffect(() => {
    update.current = setParams;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const q = draft.trim();
      update.current(q ? { view: 'all', q } : {}, { replace: true });
    }, 200);
    return () => clearTimeout(timer);
  }, [draft]);
  return <ProjectSearchBox value={draft} onChange={setDraft} className="console-search" />;
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('view') as ConsoleView | null;
  const view: ConsoleView = requested && CONSOLE_VIEWS.includes(requested) ? requested : 'projects';
  const keyword = params.get('q') ?? '';
  const [tiled, setLayout] = useTiledLayout();
  const [dialog, setDialog] = useState<'project' | 'folder' | null>(null);
  const folderId = view === 'projects' ? params.get('folder') : null;
  const heading = keyword ? t('projects.searchResults', { keyword }) : t(`projects.titles.${view}`);
  useTitle(heading, t('dashboard.console'));

  const tab = ['archived', 'recycle'].includes(view) ? view : 'projects';

  return (
    <section className="console-page">
      <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1}>{heading}</Typography.Title>
        <Flex gap={8} wrap align="center">
          <ProjectSearch />
          <LayoutSwitch tiled={tiled} onChange={setLayout} />
          {view === 'projects' && !keyword && (
            <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => setDialog('folder')}>
              {t('projects.newFolder')}
            </Button>
          )}
          <LinkButton to={paths.importPage.href({ folderId })} icon={<ImportOutlined aria-hidden />}>
            {t('projects.import')}
          </LinkButton>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('project')}>
            {t('projects.newProject')}
          </Button>
        </Flex>
      </Flex>
      {(view === 'projects' || view === 'archived' || view === 'recycle') && !keyword ? (
        <nav aria-label={t('projects.moreLists')}>
          <Menu
            mode="horizontal"
            selectedKeys={[tab]}
            className="sub-tabs"
            items={[
              { key: 'projects', label: <Link to={paths.dashboard.href()}>{t('projects.titles.projects')}</Link> },
              { key: 'archived', label: <Link to={paths.dashboard.href({ view: 'archived' })}>{t('projects.titles.archived')}</Link> },
              { key: 'recycle', label: <Link to={paths.dashboard.href({ view: 'recycle' })}>{t('projects.titles.recycle')}</Link> },
            ]}
          />
        </nav>
      ) : null}
      {view === 'projects' && !keyword ? (
        <FolderBrowser tiled={tiled} rootLabel={t('dashboard.myProjects')} />
      ) : (
        <ListOf view={keyword ? 'search' : (view as Exclude<ConsoleView, 'projects'>)} tiled={tiled} keyword={keyword} />
      )}
      {dialog === 'project' && <NewProjectDialog folderId={folderId} onClose={() => setDialog(null)} />}
      {dialog === 'folder' && <FolderDialog parentId={folderId} onClose={() => setDialog(null)} />}
    </section>
  );
}
