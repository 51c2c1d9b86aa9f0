/** The personal console (spec section 2): projects and folders, favourites, all projects, archive, recycle bin. */
import { useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ProjectView } from '../../../../shared/schemas/project';
import { EmptyState, Spinner } from '../../components/ui';
import { toast } from '../../components/toast';
import { FolderDialog, NewProjectDialog, PROJECT_LISTS } from '../../features/projects/dialogs';
import { DRAG_TYPE, FolderCard, ProjectCard, type DragItem } from '../../features/projects/project-card';
import { useApiMutation, useApiQuery, type ApiError } from '../../lib/api';
import { CONSOLE_VIEWS, type ConsoleView } from './layout';

const LAYOUT_KEY = 'apiloom.consoleLayout';

function ProjectGrid({ projects, tiled, mode, empty }: { projects: ProjectView[]; tiled: boolean; mode?: 'active' | 'archived' | 'recycled'; empty: ReactNode }) {
  if (!projects.length) return empty;
  return (
    <div className={tiled ? 'grid' : 'list'} role="list">
      {projects.map((p) => (
        <div role="listitem" key={p.id}>
          <ProjectCard project={p} mode={mode} />
        </div>
      ))}
    </div>
  );
}

function Loading({ query, children }: { query: { isPending: boolean; error: ApiError | null }; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner />;
  if (query.error) return <p className="form-error">{query.error.message || t('api.busy')}</p>;
  return children;
}

function FolderView({ tiled }: { tiled: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const contents = useApiQuery('folder.list', { query: folderId ? { parentId: folderId } : {} });
  const move = useApiMutation('folder.move', { invalidates: PROJECT_LISTS });
  const open = (id: string | null) => setParams(id ? { folder: id } : {});
  const dropInto = (target: string | null) => (item: DragItem) => {
    if (item.id === target) return;
    void move
      .mutateAsync({ query: { folderId: target ?? '0', sourceId: item.id, isProject: item.isProject ? 'true' : 'false' } })
      .then(() => toast.success(t('projects.moved')));
  };
  const crumbDrop = (target: string | null) => ({
    onDragOver: (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE) && e.preventDefault(),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const raw = e.dataTransfer.getData(DRAG_TYPE);
      if (raw) dropInto(target)(JSON.parse(raw) as DragItem);
    },
  });
  const data = contents.data;
  return (
    <Loading query={contents}>
      <nav className="breadcrumbs" aria-label={t('projects.breadcrumbs')}>
        <button type="button" className="crumb" onClick={() => open(null)} {...crumbDrop(null)}>
          {t('dashboard.myProjects')}
        </button>
        {data?.path.map((f) => (
          <span key={f.id}>
            <span aria-hidden> / </span>
            <button type="button" className="crumb" onClick={() => open(f.id)} {...crumbDrop(f.id)} aria-current={f.id === folderId ? 'page' : undefined}>
              {f.name}
            </button>
          </span>
        ))}
      </nav>
      {data && (data.folders.length || data.projects.length) ? (
        <>
          {data.folders.length ? (
            <div className={tiled ? 'grid' : 'list'} role="list" aria-label={t('projects.folders')}>
              {data.folders.map((f) => (
                <div role="listitem" key={f.id}>
                  <FolderCard folder={f} onOpen={() => open(f.id)} onDropItem={dropInto(f.id)} />
                </div>
              ))}
            </div>
          ) : null}
          <ProjectGrid projects={data.projects} tiled={tiled} empty={null} />
        </>
      ) : (
        <EmptyState title={folderId ? t('projects.emptyFolder') : t('projects.empty')} description={t('projects.emptyHint')} />
      )}
    </Loading>
  );
}

function ListOf({ view, tiled, keyword }: { view: Exclude<ConsoleView, 'projects'> | 'search'; tiled: boolean; keyword: string }) {
  const { t } = useTranslation();
  const favorites = useApiQuery('project.favorites', undefined, { enabled: view === 'favorites' });
  const archived = useApiQuery('project.archives', { query: {} }, { enabled: view === 'archived' });
  const recycled = useApiQuery('project.recycler', { query: {} }, { enabled: view === 'recycle' });
  const all = useApiQuery('project.search', { query: { keyword: view === 'search' ? keyword : '' } }, { enabled: view === 'all' || view === 'search' });
  const query = { favorites, archived, recycle: recycled, all, search: all }[view];
  const mode = view === 'archived' ? 'archived' : view === 'recycle' ? 'recycled' : 'active';
  const empty = <EmptyState title={t(`projects.emptyViews.${view}`)} description={view === 'recycle' ? t('projects.recycleHint') : undefined} />;
  return (
    <Loading query={query}>
      {view === 'recycle' && query.data?.length ? <p className="notice">{t('projects.recycleHint')}</p> : null}
      <ProjectGrid projects={query.data ?? []} tiled={tiled} mode={mode} empty={empty} />
    </Loading>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view') as ConsoleView | null;
  const view: ConsoleView = requested && CONSOLE_VIEWS.includes(requested) ? requested : 'projects';
  const keyword = params.get('q') ?? '';
  const [draft, setDraft] = useState(keyword);
  const [tiled, setTiled] = useState(() => localStorage.getItem(LAYOUT_KEY) !== 'list');
  const [dialog, setDialog] = useState<'project' | 'folder' | null>(null);
  const folderId = view === 'projects' ? params.get('folder') : null;

  const setLayout = (next: boolean) => {
    setTiled(next);
    localStorage.setItem(LAYOUT_KEY, next ? 'tiles' : 'list');
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { view: 'all', q: draft.trim() } : {});
  };

  return (
    <section className="console-page">
      <header className="page-header">
        <h1>{keyword ? t('projects.searchResults', { keyword }) : t(`projects.titles.${view}`)}</h1>
        <div className="toolbar">
          <form role="search" onSubmit={search}>
            <input type="search" placeholder={t('projects.searchPlaceholder')} aria-label={t('projects.search')} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </form>
          <div className="segmented" role="group" aria-label={t('projects.layout')}>
            <button type="button" aria-pressed={!tiled} onClick={() => setLayout(false)}>
              {t('projects.listView')}
            </button>
            <button type="button" aria-pressed={tiled} onClick={() => setLayout(true)}>
              {t('projects.tileView')}
            </button>
          </div>
          {view === 'projects' && (
            <button type="button" className="button" onClick={() => setDialog('folder')}>
              {t('projects.newFolder')}
            </button>
          )}
          <button type="button" className="button button-primary" onClick={() => setDialog('project')}>
            {t('projects.newProject')}
          </button>
        </div>
      </header>
      <nav className="sub-tabs" aria-label={t('projects.moreLists')}>
        <Link to="/dashboard" aria-current={view === 'projects' ? 'page' : undefined}>
          {t('projects.titles.projects')}
        </Link>
        <Link to="/dashboard?view=archived" aria-current={view === 'archived' ? 'page' : undefined}>
          {t('projects.titles.archived')}
        </Link>
        <Link to="/dashboard?view=recycle" aria-current={view === 'recycle' ? 'page' : undefined}>
          {t('projects.titles.recycle')}
        </Link>
      </nav>
      {view === 'projects' && !keyword ? <FolderView tiled={tiled} /> : <ListOf view={keyword ? 'search' : (view as Exclude<ConsoleView, 'projects'>)} tiled={tiled} keyword={keyword} />}
      <NewProjectDialog open={dialog === 'project'} folderId={folderId} onClose={() => setDialog(null)} />
      {dialog === 'folder' && <FolderDialog open parentId={folderId} onClose={() => setDialog(null)} />}
    </section>
  );
}
