/** What a console shows of its projects: a grid or table of projects, and the folder browser of one console. */
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Empty, Segmented } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProjectView } from '@shared/schemas/project';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useFolderContents, useProjectChange } from '../api';
import type { ListMode } from './project-actions';
import { dropTarget, FolderCard, ProjectCard, ProjectTable, type DragItem } from './project-list';

const LAYOUT_KEY = 'apiloom.consoleLayout';

/** Tiles or list: one choice for every console, kept in the browser. */
export function useTiledLayout() {
  const [tiled, setTiled] = useState(() => localStorage.getItem(LAYOUT_KEY) !== 'list');
  const set = (next: boolean) => {
    setTiled(next);
    localStorage.setItem(LAYOUT_KEY, next ? 'tiles' : 'list');
  };
  return [tiled, set] as const;
}

export function LayoutSwitch({ tiled, onChange }: { tiled: boolean; onChange: (tiled: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented
      aria-label={t('projects.layout')}
      value={tiled ? 'tiles' : 'list'}
      onChange={(v) => onChange(v === 'tiles')}
      options={[
        { value: 'list', icon: <BarsOutlined aria-hidden />, label: t('projects.listView') },
        { value: 'tiles', icon: <AppstoreOutlined aria-hidden />, label: t('projects.tileView') },
      ]}
    />
  );
}

export function ProjectGrid(props: { projects: ProjectView[]; tiled: boolean; mode: ListMode; empty: ReactNode; arrange?: boolean }) {
  const { projects, tiled, mode, arrange } = props;
  if (!projects.length) return props.empty;
  if (!tiled) return <ProjectTable projects={projects} mode={mode} arrange={arrange} />;
  return (
    <div className="grid" role="list">
      {projects.map((p) => (
        <div role="listitem" key={p.id}>
          <ProjectCard project={p} mode={mode} arrange={arrange} />
        </div>
      ))}
    </div>
  );
}

interface FolderBrowserProps {
  tiled: boolean;
  /** A team's console; the personal console without it. */
  teamId?: string | null;
  /** What the breadcrumbs call the console's top level. */
  rootLabel: string;
  /** Whether the caller may make, rename, delete and fill folders here. */
  arrange?: boolean;
}

/** The folders and projects of one folder of a console, the open folder kept in the address (`folder`). */
export function FolderBrowser({ tiled, teamId = null, rootLabel, arrange = true }: FolderBrowserProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const contents = useFolderContents(folderId, teamId);
  const move = useProjectChange('folder.move');
  const open = (id: string | null) => setParams(id ? { folder: id } : {});
  const dropInto = (target: string | null) => (item: DragItem) => {
    if (item.id === target) return;
    move.mutateAsync({ query: { folderId: target ?? '0', sourceId: item.id, isProject: item.isProject ? 'true' : 'false', teamId } }).then(
      () => notify.success(t('projects.moved')),
      (error: unknown) => notify.error(errorMessage(error)),
    );
  };
  const drop = (target: string | null) => (arrange ? dropTarget(dropInto(target)) : {});
  const data = contents.data;
  return (
    <QueryState query={contents}>
      <nav aria-label={t('projects.breadcrumbs')} className="console-crumbs">
        <Breadcrumb
          items={[
            {
              title: (
                <Button type="link" size="small" onClick={() => open(null)} {...drop(null)}>
                  {rootLabel}
                </Button>
              ),
            },
            ...(data?.path ?? []).map((f) => ({
              title: (
                <Button
                  type="link"
                  size="small"
                  onClick={() => open(f.id)}
                  {...drop(f.id)}
                  aria-current={f.id === folderId ? 'page' : undefined}
                >
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
                  <FolderCard folder={f} teamId={teamId} arrange={arrange} onOpen={() => open(f.id)} onDropItem={dropInto(f.id)} />
                </div>
              ))}
            </div>
          ) : null}
          <ProjectGrid projects={data.projects} tiled={tiled} mode="active" empty={null} arrange={arrange} />
        </>
      ) : (
        <Empty
          description={
            <>
              <strong>{folderId ? t('projects.emptyFolder') : t('projects.empty')}</strong>
              <br />
              {arrange ? t('projects.emptyHint') : t('teams.emptyHint')}
            </>
          }
        />
      )}
    </QueryState>
  );
}
