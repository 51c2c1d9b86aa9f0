import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { useProjectMembers } from '../../features/teams/api';
import { AddMember, CopyMembers, GroupBindings, ProjectInvite, ProjectMemberTable } from '../../features/teams/components/project-access';
import type { ProjectSettingsContext } from './layout';

/** 权限管理 (spec section 2): who reaches the project and with which role; its creator and the team's managers change it. */
export function Component() {
  const { t } = useTranslation();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const canManage = atLeast(project.role, 'admin') && project.state === 'active';
  const members = useProjectMembers(project.id);
  const memberIds = (members.data ?? []).map((m) => m.userId);
  return (
    <>
      {!canManage && (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title={project.state === 'active' ? t('access.readOnly') : t('projectSettings.archivedReadOnly')}
        />
      )}
      <Card>
        <ProjectMemberTable project={project} canManage={canManage} />
        {canManage && (
          <>
            <AddMember project={project} memberIds={memberIds} />
            <CopyMembers project={project} />
          </>
        )}
      </Card>
      {project.teamId && (
        <Card>
          <GroupBindings project={project} teamId={project.teamId} canManage={canManage} />
        </Card>
      )}
      {canManage && (
        <Card>
          <ProjectInvite project={project} />
        </Card>
      )}
    </>
  );
}
