/**
 * The facts the access resolver needs about a caller and a project, read in as few round trips as the model
 * allows: the project and the caller's member item in one batched, consistent read.
 */
import { resolveRole, type Role } from '../../shared/access';
import { asRecord, batchGet } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { memberRecord, type MemberRecord } from './members';
import { projectRecord, type ProjectRecord } from './projects';

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
  const role = project ? resolveRole({ userId, project, memberRole: member?.role }) : undefined;
  return { project, member, role };
}
