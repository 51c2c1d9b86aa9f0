/**
 * The projects a user sees in their console, whatever the count in three round trips: their memberships and
 * favourites (two index queries, in parallel), then the projects themselves (batched), each with the effective
 * role the access resolver gives.
 */
import { resolveRole, type Role } from '../../shared/access';
import { favoriteProjectIds } from './favorites';
import { memberRecord, membershipsOf, type MemberRecord } from './members';
import { projectsByIds, type ProjectRecord } from './projects';
import { asRecords, batchGet } from '../data/db';
import { keys } from '../data/keys';

export interface MyProject {
  project: ProjectRecord;
  /** Absent for a public project the user favoured without being a member. */
  member?: MemberRecord;
  role: Role;
  favorite: boolean;
}

const roleOf = (userId: string, project: ProjectRecord, member: MemberRecord | undefined) =>
  resolveRole({ userId, project, memberRole: member?.role });

export async function projectsOfUser(userId: string): Promise<MyProject[]> {
  const [members, favorites] = await Promise.all([membershipsOf(userId), favoriteProjectIds(userId)]);
  const byId = new Map((await projectsByIds(members.map((m) => m.projectId))).map((p) => [p.id, p]));
  const favored = new Set(favorites);
  return members.flatMap((member) => {
    const project = byId.get(member.projectId);
    const role = project && roleOf(userId, project, member);
    return project && role ? [{ project, member, role, favorite: favored.has(project.id) }] : [];
  });
}

/** Favourited projects, including public ones the user reads without being a member, newest favourite first. */
export async function favoritesOfUser(userId: string): Promise<MyProject[]> {
  const ids = await favoriteProjectIds(userId);
  const [projects, members] = await Promise.all([
    projectsByIds(ids),
    batchGet(ids.map((id) => keys.member(id, userId))).then((items) => asRecords(memberRecord, items)),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const memberById = new Map(members.map((m) => [m.projectId, m]));
  return ids.flatMap((id) => {
    const project = projectById.get(id);
    const member = memberById.get(id);
    const role = project && roleOf(userId, project, member);
    return project && role ? [{ project, member, role, favorite: true }] : [];
  });
}
