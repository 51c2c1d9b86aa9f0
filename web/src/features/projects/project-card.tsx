import { atLeast } from '../../../../shared/access';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FolderView, ProjectView } from '../../../../shared/schemas/project';
import { toast } from '../../components/toast';
import { useApiMutation } from '../../lib/api';
import { Icon } from '../../components/icons';
import { CloneDialog, ConfirmDialog, FolderDialog, MoveDialog, PROJECT_LISTS } from './dialogs';

export const DRAG_TYPE = 'application/x-apiloom-item';
export interface DragItem {
  id: string;
  isProject: boolean;
}

function FavoriteToggle({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const add = useApiMutation('project.favorAdd', { invalidates: PROJECT_LISTS });
  const remove = useApiMutation('project.favorRemove', { invalidates: PROJECT_LISTS });
  const label = project.favorite ? t('projects.unfavorite') : t('projects.favorite');
  return (
    <button
      type="button"
      className={`icon-button star${project.favorite ? ' on' : ''}`}
      aria-pressed={project.favorite}
      aria-label={`${label}: ${project.name}`}
      title={label}
      onClick={() => void (project.favorite ? remove : add).mutateAsync({ params: { id: project.id } })}
    >
      {project.favorite ? '★' : '☆'}
    </button>
  );
}

type Mode = 'active' | 'archived' | 'recycled';

/** A project in any console list; what it offers depends on where it is (active, archive, recycle bin). */
export function ProjectCard({ project, mode = 'active' }: { project: ProjectView; mode?: Mode }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'clone' | 'move' | 'archive' | 'delete' | 'destroy' | null>(null);
  const archive = useApiMutation('project.archive', { invalidates: PROJECT_LISTS });
  const unarchive = useApiMutation('project.archiveRevert', { invalidates: PROJECT_LISTS });
  const recycle = useApiMutation(mode === 'archived' ? 'project.archiveDelete' : 'project.recycle', { invalidates: PROJECT_LISTS });
  const restore = useApiMutation('project.recyclerRevert', { invalidates: PROJECT_LISTS });
  const destroy = useApiMutation('project.destroy', { invalidates: PROJECT_LISTS });
  const params = { params: { id: project.id } };
  const canManage = atLeast(project.role, 'admin');

  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: project.id, isProject: true } satisfies DragItem));
    e.dataTransfer.effectAllowed = 'move';
  };

  return (
    <article className="card project-card" draggable={mode === 'active'} onDragStart={onDragStart} aria-label={project.name}>
      <header>
        <span className="project-icon" aria-hidden>
          {project.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="card-title">
          {mode === 'recycled' ? <strong>{project.name}</strong> : <Link to={`/project/${project.id}`}>{project.name}</Link>}
          <span className="badges">
            <span className={`badge badge-${project.visibility}`}>{t(`projects.${project.visibility}`)}</span>
            <span className="badge">{t(`projects.roles.${project.role}`)}</span>
          </span>
        </div>
        {mode === 'active' ? <FavoriteToggle project={project} /> : null}
      </header>
      <p className="card-description">{project.description || t('projects.noDescription')}</p>
      {mode === 'recycled' && project.daysLeft !== null ? (
        <p className="days-left">{t('projects.daysLeft', { count: project.daysLeft })}</p>
      ) : null}
      <footer className="card-actions">
        {mode === 'active' && (
          <>
            <Link className="text-button" to={`/dashboard/project/${project.id}/info`}>
              {t('projects.settings')}
            </Link>
            <button type="button" className="text-button" onClick={() => setDialog('move')}>
              {t('projects.moveTo')}
            </button>
            {atLeast(project.role, 'edit') ? (
              <button type="button" className="text-button" onClick={() => setDialog('clone')}>
                {t('projects.clone')}
              </button>
            ) : null}
            {canManage && (
              <>
                <button type="button" className="text-button" onClick={() => setDialog('archive')}>
                  {t('projects.archive')}
                </button>
                <button type="button" className="text-button danger" onClick={() => setDialog('delete')}>
                  {t('projects.delete')}
                </button>
              </>
            )}
          </>
        )}
        {mode === 'archived' && canManage && (
          <>
            <button type="button" className="text-button" onClick={() => void unarchive.mutateAsync(params).then(() => toast.success(t('projects.restored')))}>
              {t('projects.unarchive')}
            </button>
            <button type="button" className="text-button danger" onClick={() => setDialog('delete')}>
              {t('projects.delete')}
            </button>
          </>
        )}
        {mode === 'recycled' && (
          <>
            <button type="button" className="text-button" onClick={() => void restore.mutateAsync(params).then(() => toast.success(t('projects.restored')))}>
              {t('projects.restore')}
            </button>
            <button type="button" className="text-button danger" onClick={() => setDialog('destroy')}>
              {t('projects.destroy')}
            </button>
          </>
        )}
      </footer>
      {dialog === 'clone' && <CloneDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'move' && <MoveDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'archive' && (
        <ConfirmDialog
          title={t('projects.archive')}
          message={t('projects.archiveConfirm', { name: project.name })}
          confirmLabel={t('projects.archive')}
          onConfirm={() => archive.mutateAsync(params)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('projects.delete')}
          message={t('projects.deleteConfirm', { name: project.name })}
          confirmLabel={t('projects.delete')}
          danger
          onConfirm={() => recycle.mutateAsync(params)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'destroy' && (
        <ConfirmDialog
          title={t('projects.destroy')}
          message={t('projects.destroyConfirm', { name: project.name })}
          confirmLabel={t('projects.destroy')}
          danger
          onConfirm={() => destroy.mutateAsync(params)}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
}

/** A folder in the console: opens on click, takes dropped projects and folders. */
export function FolderCard({ folder, onOpen, onDropItem }: { folder: FolderView; onOpen: () => void; onDropItem: (item: DragItem) => void }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const remove = useApiMutation('folder.delete', { invalidates: PROJECT_LISTS });
  return (
    <article
      className={`card folder-card${over ? ' drop-over' : ''}`}
      aria-label={t('projects.folderLabel', { name: folder.name })}
      draggable
      onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: folder.id, isProject: false } satisfies DragItem))}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const raw = e.dataTransfer.getData(DRAG_TYPE);
        if (raw) onDropItem(JSON.parse(raw) as DragItem);
      }}
    >
      <button type="button" className="folder-open" onClick={onOpen}>
        <Icon name="folder" /> {folder.name}
      </button>
      <footer className="card-actions">
        <button type="button" className="text-button" onClick={() => setDialog('rename')}>
          {t('projects.rename')}
        </button>
        <button type="button" className="text-button danger" onClick={() => setDialog('delete')}>
          {t('projects.delete')}
        </button>
      </footer>
      {dialog === 'rename' && <FolderDialog open parentId={folder.parentId} folder={folder} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('projects.deleteFolder')}
          message={t('projects.deleteFolderConfirm', { name: folder.name })}
          confirmLabel={t('projects.delete')}
          danger
          onConfirm={() => remove.mutateAsync({ params: { id: folder.id }, query: {} })}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
}
