/** The personal console (spec section 2): projects and folders, favourites, all projects, search, archive, recycle bin. */
import { AppstoreOutlined, BarsOutlined, FolderAddOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Empty, Flex, Input, Menu, Segmented, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ProjectView } from '../../../../shared/schemas/project';
import { QueryState } from '../../components/query-state';
import { useArchived, useFavorites, useFolderContents, useProjectChange, useProjectSearch, useRecycled } from '../../features/projects/api';
import { FolderDialog, NewProjectDialog } from '../../features/projects/components/dialogs';
import type { ListMode } from '../../features/projects/components/project-actions';
import { dropTarget, FolderCard, ProjectCard, ProjectTable, type DragItem } from '../../features/projects/components/project-list';
import { errorMessage } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useTitle } from '../../lib/title';
import { CONSOLE_VIEWS, paths, type ConsoleView } from '../../paths';

const LAYOUT_KEY = 'apiloom.consoleLayout';

function Projects({ projects, tiled, mode, empty }: { projects: ProjectView[]; tiled: boolean; mode: ListMode; empty: ReactNode }) {
  if (!projects.length) return empty;
  if (!tiled) return <ProjectTable projects={projects} mode={mode} />;
  return (
    <div className="grid" role="list">
      {projects.map((p) => (
        <div role="listitem" key={p.id}>
          <ProjectCard project={p} mode={mode} />
        </div>
      ))}
    </div>
  );
}

function FolderView({ tiled }: { tiled: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const contents = useFolderContents(folderId);
  const move = useProjectChange('folder.move');
  const open = (id: string | null) => setParams(id ? { folder: id } : {});
  const dropInto = (target: string | null) => (item: DragItem) => {
    if (item.id === target) return;
    move.mutateAsync({ query: { folderId: target ?? '0', sourceId: item.id, isProject: item.isProject ? 'true' : 'false' } }).then(
      () => notify.success(t('projects.moved')),
      (error: unknown) => notify.error(errorMessage(error)),
    );
  };
  const data = contents.data;
  return (
    <QueryState query={contents}>
      <nav aria-label={t('projects.breadcrumbs')} className="console-crumbs">
        <Breadcrumb
          items={[
            {
              title: (
                <Button type="link" size="small" onClick={() => open(null)} {...dropTarget(dropInto(null))}>
                  {t('dashboard.myProjects')}
                </Button>
              ),
            },
            ...(data?.path ?? []).map((f) => ({
              title: (
                <Button type="link" size="small" onClick={() => open(f.id)} {...dropTarget(dropInto(f.id))} aria-current={f.id === folderId ? 'page' : undefined}>
                  {f.name}
                </Button>
              ),
            })),
          ]}
        />
      </nav>
      {data && (data.folders.length || data.projects.length) ? (
        <>
          {data.folders.length ? (
            <div className="grid folders" role="list" aria-label={t('projects.folders')}>
              {data.folders.map((f) => (
                <div role="listitem" key={f.id}>
                  <FolderCard folder={f} onOpen={() => open(f.id)} onDropItem={dropInto(f.id)} />
                </div>
              ))}
            </div>
          ) : null}
          <Projects projects={data.projects} tiled={tiled} mode="active" empty={null} />
        </>
      ) : (
        <Empty description={<><strong>{folderId ? t('projects.emptyFolder') : t('projects.empty')}</strong><br />{t('projects.emptyHint')}</>} />
      )}
    </QueryState>
  );
}

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
      <Projects projects={query.data ?? []} tiled={tiled} mode={mode} empty={empty} />
    </QueryState>
  );
}

/** Filters as you type: the keyword goes to the address (so it can be shared) a moment after the last key. */
function ProjectSearch() {
  const { t } = useTranslation();
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
  return (
    <Input
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={t('projects.searchPlaceholder')}
      aria-label={t('projects.search')}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      className="console-search"
    />
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('view') as ConsoleView | null;
  const view: ConsoleView = requested && CONSOLE_VIEWS.includes(requested) ? requested : 'projects';
  const keyword = params.get('q') ?? '';
  const [tiled, setTiled] = useState(() => localStorage.getItem(LAYOUT_KEY) !== 'list');
  const [dialog, setDialog] = useState<'project' | 'folder' | null>(null);
  const folderId = view === 'projects' ? params.get('folder') : null;
  const heading = keyword ? t('projects.searchResults', { keyword }) : t(`projects.titles.${view}`);
  useTitle(heading, t('dashboard.console'));

  const setLayout = (next: boolean) => {
    setTiled(next);
    localStorage.setItem(LAYOUT_KEY, next ? 'tiles' : 'list');
  };
  const tab = ['archived', 'recycle'].includes(view) ? view : 'projects';

  return (
    <section className="console-page">
      <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1}>{heading}</Typography.Title>
        <Flex gap={8} wrap align="center">
          <ProjectSearch />
          <Segmented
            aria-label={t('projects.layout')}
            value={tiled ? 'tiles' : 'list'}
            onChange={(v) => setLayout(v === 'tiles')}
            options={[
              { value: 'list', icon: <BarsOutlined aria-hidden />, label: t('projects.listView') },
              { value: 'tiles', icon: <AppstoreOutlined aria-hidden />, label: t('projects.tileView') },
            ]}
          />
          {view === 'projects' && !keyword && (
            <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => setDialog('folder')}>
              {t('projects.newFolder')}
            </Button>
          )}
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
        <FolderView tiled={tiled} />
      ) : (
        <ListOf view={keyword ? 'search' : (view as Exclude<ConsoleView, 'projects'>)} tiled={tiled} keyword={keyword} />
      )}
      {dialog === 'project' && <NewProjectDialog folderId={folderId} onClose={() => setDialog(null)} />}
      {dialog === 'folder' && <FolderDialog parentId={folderId} onClose={() => setDialog(null)} />}
    </section>
  );
}
