/**
 * The facts the access resolver needs about a caller and a project, read in as few round trips as the model
 * allows: the project and the caller's member item in one batched, consistent read; for a team project, the
 * team and the caller's place in it (role and group) in a second. The project's META carries the roles of the
 * groups bound to it, so a member who reaches it only through a group costs those two reads and no more.
 */
import { resolveRole, type Role } from '../../shared/access';
import { asRecord, batchGet } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { memberRecord, type MemberRecord } from './members';
import { projectRecord, type ProjectRecord } from './projects';
import { teamAccess } from './teams';

export interface ProjectAccess {
  project: ProjectRecord | undefined;
  member: MemberRecord | undefined;
  /** The caller's effective role; undefined when they may not see the project at all. */
  role: Role | undefined;
}

export async function projectAccess(projectId: string, userId: string | undefined): Promise<ProjectAccess> {
  const items = await batchGet([keys.project(projectId), ...(userId ? [keys.member(projectId, userId)] : [])], { consistent: true });
  const project = asRecord(projectRecord, items.find((i) => i.entity === ENTITY.project.entity));
  const member = asRecord(memberRecord, items.find((i) => i.entity === ENTITY.member.entity));
  if (!project) return { project, member, role: undefined };
  if (!project.teamId) return { project, member, role: resolveRole({ userId, project, memberRole: member?.role }) };
  const team = await teamAccess(project.teamId, userId);
  // A team being disbanded takes its projects with it at once.
  if (!team.team || team.team.state !== 'active') return { project: undefined, member, role: undefined };
  const groupId = team.member?.groupId;
  const groupRole = groupId ? project.groupRoles[groupId] : undefined;
  const role = resolveRole({ userId, project, memberRole: member?.role, teamRole: team.member?.role, groupRoles: groupRole ? [groupRole] : [] });
  return { project, member, role };
}
