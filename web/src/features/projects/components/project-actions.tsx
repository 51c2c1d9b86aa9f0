/** What can be done with one project, wherever it is listed: one menu, its dialogs, and the direct buttons. */
import {
  DeleteOutlined,
  EllipsisOutlined,
  InboxOutlined,
  CopyOutlined,
  FolderOpenOutlined,
  ImportOutlined,
  SettingOutlined,
  StarFilled,
  StarOutlined,
  TeamOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { atLeast } from '@shared/access';
import type { ProjectView } from '@shared/schemas/project';
import { ConfirmModal } from '../../../components/confirm-modal';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { paths } from '../../../paths';
import { useMyTeams, useProjectChange } from '../api';
import { CloneDialog, MoveDialog, MoveToTeamDialog } from './dialogs';

export type ListMode = 'active' | 'archived' | 'recycled';
type Dialog = 'clone' | 'move' | 'team' | 'archive' | 'delete' | 'destroy';

const shown = (promise: Promise<unknown>, success?: string) =>
  promise.then(
    () => success && notify.success(success),
    (error: unknown) => notify.error(errorMessage(error)),
  );

export function FavoriteToggle({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const add = useProjectChange('project.favorAdd');
  const remove = useProjectChange('project.favorRemove');
  const label = project.favorite ? t('projects.unfavorite') : t('projects.favorite');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        className={project.favorite ? 'star-on' : undefined}
        aria-pressed={project.favorite}
        aria-label={`${label}: ${project.name}`}
        icon={project.favorite ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
        onClick={() => void shown((project.favorite ? remove : add).mutateAsync({ params: { id: project.id } }))}
      />
    </Tooltip>
  );
}

/**
 * The actions of a project card or row: a menu for the active ones, restore buttons in the archive and the bin.
 * `arrange`: whether the caller may arrange the folders of the project's team (the team console knows); elsewhere
 * a team project's role tells: `admin` is the team's owner or an administrator.
 */
export function ProjectActions({ project, mode, arrange }: { project: ProjectView; mode: ListMode; arrange?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const archive = useProjectChange('project.archive');
  const unarchive = useProjectChange('project.archiveRevert');
  const recycle = useProjectChange(mode === 'archived' ? 'project.archiveDelete' : 'project.recycle');
  const restore = useProjectChange('project.recyclerRevert');
  const destroy = useProjectChange('project.destroy');
  const params = { params: { id: project.id } };
  const canManage = atLeast(project.role, 'admin');
  // A team project is filed in the team's folders, which its owner and administrators arrange.
  const canFile = !project.teamId || (arrange ?? project.role === 'admin');
  const close = () => setDialog(null);
  // A project comes back to the list it left (the archive, for one deleted from there): the toast says which.
  const restoredTo = (promise: Promise<ProjectView>) =>
    promise.then(
      (restored) =>
        notify.success(
          t('projects.restoredTo', {
            place:
              restored.state === 'archived'
                ? t('projects.titles.archived')
                : restored.teamId
                  ? t('teams.projects')
                  : t('projects.titles.projects'),
          }),
        ),
      (error: unknown) => notify.error(errorMessage(error)),
    );
  // Only its creator moves a personal project into a team, and only when they are in one.
  const movable = mode === 'active' && !project.teamId && atLeast(project.role, 'creator');
  const teams = useMyTeams(movable);

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('projects.settings') },
    ...(canFile ? [{ key: 'move', icon: <FolderOpenOutlined aria-hidden />, label: t('projects.moveTo') }] : []),
    ...(movable && teams.data?.length ? [{ key: 'team', icon: <TeamOutlined aria-hidden />, label: t('projects.moveToTeam') }] : []),
    ...(atLeast(project.role, 'edit')
      ? [
          { key: 'import', icon: <ImportOutlined aria-hidden />, label: t('projects.importInto') },
          { key: 'clone', icon: <CopyOutlined aria-hidden />, label: t('projects.clone') },
        ]
      : []),
    ...(canManage
      ? [
          { type: 'divider' as const },
          { key: 'archive', icon: <InboxOutlined aria-hidden />, label: t('projects.archive') },
          { key: 'delete', icon: <DeleteOutlined aria-hidden />, danger: true, label: t('projects.delete') },
        ]
      : []),
  ];

  return (
    <>
      {mode === 'active' && (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'settings') void navigate(paths.projectSettings.href(project.id));
              else if (key === 'import') void navigate(paths.importPage.href({ projectId: project.id }));
              else setDialog(key as Dialog);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<EllipsisOutlined aria-hidden />}
            aria-label={t('projects.moreFor', { name: project.name })}
          />
        </Dropdown>
      )}
      {mode === 'archived' && canManage && (
        <Space size={4}>
          <Button size="small" icon={<UndoOutlined aria-hidden />} onClick={() => void restoredTo(unarchive.mutateAsync(params))}>
            {t('projects.unarchive')}
          </Button>
          <Button size="small" danger onClick={() => setDialog('delete')}>
            {t('projects.delete')}
          </Button>
        </Space>
      )}
      {mode === 'recycled' && (
        <Space size={4}>
          <Button size="small" icon={<UndoOutlined aria-hidden />} onClick={() => void restoredTo(restore.mutateAsync(params))}>
            {t('projects.restore')}
          </Button>
          <Button size="small" danger onClick={() => setDialog('destroy')}>
            {t('projects.destroy')}
          </Button>
        </Space>
      )}
      {dialog === 'clone' && <CloneDialog project={project} onClose={close} />}
      {dialog === 'move' && <MoveDialog project={project} onClose={close} />}
      {dialog === 'team' && <MoveToTeamDialog project={project} onClose={close} />}
      {dialog === 'archive' && (
        <ConfirmModal
          title={t('projects.archive')}
          message={t('projects.archiveConfirm', { name: project.name })}
          okText={t('projects.archive')}
          onConfirm={() => archive.mutateAsync(params)}
          onClose={close}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmModal
          title={t('projects.delete')}
          message={t('projects.deleteConfirm', { name: project.name })}
          okText={t('projects.delete')}
          danger
          onConfirm={() => recycle.mutateAsync(params)}
          onClose={close}
        />
      )}
      {dialog === 'destroy' && (
        <ConfirmModal
          title={t('projects.destroy')}
          message={t('projects.destroyConfirm', { name: project.name })}
          okText={t('projects.destroy')}
          danger
          onConfirm={() => destroy.mutateAsync(params)}
          onClose={close}
        />
      )}
    </>
  );
}
