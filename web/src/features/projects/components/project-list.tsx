/** Projects and folders of the console, as tiles or as a table; projects and folders drag onto folders. */
import { atLeast } from '@shared/access';
import { EllipsisOutlined, FolderFilled, FolderOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Dropdown, Table, Tag, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FolderView, ProjectView } from '@shared/schemas/project';
import { ConfirmModal } from '../../../components/confirm-modal';
import { namedRows, pagedBy } from '../../../components/table';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../paths';
import { useProjectChange } from '../api';
import { FolderDialog } from './dialogs';
import { FavoriteToggle, ProjectActions, type ListMode } from './project-actions';

const DRAG_TYPE = 'application/x-apiloom-item';
export interface DragItem {
  id: string;
  isProject: boolean;
}

const dragStart = (item: DragItem) => (e: DragEvent) => {
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(item));
  e.dataTransfer.effectAllowed = 'move';
};

/** Drop handlers for anything that takes dragged projects and folders (a folder card, a breadcrumb). */
export function dropTarget(onDrop: (item: DragItem) => void, setOver?: (over: boolean) => void) {
  return {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      setOver?.(true);
    },
    onDragLeave: () => setOver?.(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver?.(false);
      const raw = e.dataTransfer.getData(DRAG_TYPE);
      if (raw) onDrop(JSON.parse(raw) as DragItem);
    },
  };
}

/** Who owns it, from what the list says: the API reports the owner's id, not their name. */
function useOwner() {
  const { t } = useTranslation();
  return (project: ProjectView) =>
    atLeast(project.role, 'creator') ? t('projects.ownerYou') : project.ownerName || t('projects.ownerOther');
}

function ProjectName({ project, mode }: { project: ProjectView; mode: ListMode }) {
  return mode === 'recycled' ? <strong>{project.name}</strong> : <Link to={paths.project.href(project.id)}>{project.name}</Link>;
}

/** Dragging files a project in a folder: always in the personal console, by those who arrange a team's. */
const canDrag = (project: ProjectView, mode: ListMode, arrange: boolean | undefined) => mode === 'active' && (!project.teamId || !!arrange);

/** `arrange`: the caller arranges this team console's folders (see ProjectActions). */
export function ProjectCard({ project, mode, arrange }: { project: ProjectView; mode: ListMode; arrange?: boolean }) {
  const { t } = useTranslation();
  const owner = useOwner();
  return (
    <article
      aria-label={project.name}
      draggable={canDrag(project, mode, arrange)}
      onDragStart={dragStart({ id: project.id, isProject: true })}
      className="project-card"
    >
      <Card
        size="small"
        title={
          <span className="card-title">
            <Avatar shape="square" className="project-icon" aria-hidden>
              {project.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <ProjectName project={project} mode={mode} />
          </span>
        }
        extra={
          <span className="card-extra">
            {mode === 'active' ? <FavoriteToggle project={project} /> : null}
            <ProjectActions project={project} mode={mode} arrange={arrange} />
          </span>
        }
      >
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="card-description">
          {project.description || t('projects.noDescription')}
        </Typography.Paragraph>
        <div className="card-meta">
          <Tag color={project.visibility === 'public' ? 'green' : undefined}>{t(`projects.${project.visibility}`)}</Tag>
          <Tag>{t(`projects.roles.${project.role}`)}</Tag>
          <span className="muted">{owner(project)}</span>
          <span className="muted">{t('projects.documentCount', { count: project.documentCount })}</span>
          <span className="muted">{t('projects.updatedAt', { date: formatDate(project.updatedAt) })}</span>
        </div>
        {mode === 'recycled' && project.daysLeft !== null ? (
          <p className="days-left">{t('projects.daysLeft', { count: project.daysLeft })}</p>
        ) : null}
      </Card>
    </article>
  );
}

/** The list view: name, owner, updated time, visibility and role in columns; actions in the last one. */
export function ProjectTable({ projects, mode, arrange }: { projects: ProjectView[]; mode: ListMode; arrange?: boolean }) {
  const { t } = useTranslation();
  const owner = useOwner();
  return (
    <Table<ProjectView>
      size="small"
      rowKey="id"
      pagination={pagedBy(projects.length)}
      dataSource={projects}
      onRow={namedRows(
        (project) => project.name,
        (project) => ({ draggable: canDrag(project, mode, arrange), onDragStart: dragStart({ id: project.id, isProject: true }) }),
      )}
      columns={[
        {
          key: 'name',
          title: t('projects.name'),
          render: (_, project) => (
            <div>
              <ProjectName project={project} mode={mode} />
              <div className="muted table-description">{project.description || t('projects.noDescription')}</div>
            </div>
          ),
        },
        { key: 'owner', title: t('projects.owner'), width: 120, render: (_, p) => owner(p) },
        { key: 'documents', title: t('projects.documents'), width: 80, align: 'right', render: (_, p) => p.documentCount },
        { key: 'updatedAt', title: t('projects.updated'), width: 170, render: (_, p) => formatDate(p.updatedAt) },
        { key: 'visibility', title: t('projects.visibility'), width: 90, render: (_, p) => t(`projects.${p.visibility}`) },
        { key: 'role', title: t('projects.role'), width: 90, render: (_, p) => t(`projects.roles.${p.role}`) },
        ...(mode === 'recycled'
          ? [{ key: 'days', title: t('projects.daysLeftTitle'), width: 110, render: (_: unknown, p: ProjectView) => p.daysLeft ?? '' }]
          : []),
        {
          key: 'actions',
          title: <span className="sr-only">{t('projects.actions')}</span>,
          width: mode === 'active' ? 80 : 200,
          align: 'right',
          render: (_, project) => (
            <span className="card-extra">
              {mode === 'active' ? <FavoriteToggle project={project} /> : null}
              <ProjectActions project={project} mode={mode} arrange={arrange} />
            </span>
          ),
        },
      ]}
    />
  );
}

/** A folder of a console; `teamId` names a team's console, `arrange` whether the caller may change its folders. */
export function FolderCard(props: {
  folder: FolderView;
  teamId?: string | null;
  arrange?: boolean;
  onOpen: () => void;
  onDropItem: (item: DragItem) => void;
}) {
  const { folder, onOpen, onDropItem } = props;
  const teamId = props.teamId ?? null;
  const arrange = props.arrange ?? true;
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const remove = useProjectChange('folder.delete');
  return (
    <article
      aria-label={t('projects.folderLabel', { name: folder.name })}
      className={`folder-card${over ? ' drop-over' : ''}`}
      draggable={arrange}
      onDragStart={dragStart({ id: folder.id, isProject: false })}
      {...(arrange ? dropTarget(onDropItem, setOver) : {})}
    >
      <Card size="small">
        <div className="folder-row">
          <Button
            type="text"
            className="folder-open"
            icon={over ? <FolderOutlined aria-hidden /> : <FolderFilled aria-hidden />}
            onClick={onOpen}
          >
            {folder.name}
          </Button>
          {arrange && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rename', label: t('projects.rename') },
                  { key: 'delete', danger: true, label: t('projects.delete') },
                ],
                onClick: ({ key }) => setDialog(key as 'rename' | 'delete'),
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<EllipsisOutlined aria-hidden />}
                aria-label={t('projects.moreFor', { name: folder.name })}
              />
            </Dropdown>
          )}
        </div>
      </Card>
      {dialog === 'rename' && <FolderDialog parentId={folder.parentId} teamId={teamId} folder={folder} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmModal
          title={t('projects.deleteFolder')}
          message={t('projects.deleteFolderConfirm', { name: folder.name })}
          okText={t('projects.delete')}
          danger
          onConfirm={() => remove.mutateAsync({ params: { id: folder.id }, query: teamId ? { teamId } : {} })}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
}
