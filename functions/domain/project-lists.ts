/**
 * The projects a user sees in their consoles, each with the effective role the access resolver gives:
 * - across consoles, the projects they are a member of: their memberships, favourites and team memberships (three
 *   index queries, in parallel), then the projects and teams themselves (batched): two round trips whatever the
 *   count;
 * - in one team's console, every project a team owner or administrator operates, or those a developer reaches
 *   directly or through their group.
 */
import { atLeastTeamRole, resolveRole, type Role } from '@shared/access';
import { asRecords, batchGet } from '../data/db';
import { keys } from '../data/keys';
import { favoriteProjectIds } from './favorites';
import { memberRecord, membershipsOf, type MemberRecord } from './members';
import { projectsByIds, projectsOfTeam, type ProjectRecord } from './projects';
import { bindingsOfGroup, teamMembershipsOf, teamsByIds, type TeamMemberRecord } from './teams';

export interface MyProject {
  project: ProjectRecord;
  /** Absent for a project reached through a team, or a public one the user favoured without being a member. */
  member?: MemberRecord;
  role: Role;
  favorite: boolean;
}

/** Team facts of a user: their membership of each team that still exists. */
async function liveTeamMemberships(userId: string): Promise<Map<string, TeamMemberRecord>> {
  const memberships = await teamMembershipsOf(userId);
  const live = new Set((await teamsByIds(memberships.map((m) => m.teamId))).filter((t) => t.state === 'active').map((t) => t.id));
  return new Map(memberships.filter((m) => live.has(m.teamId)).map((m) => [m.teamId, m]));
}

function roleOf(
  userId: string,
  project: ProjectRecord,
  member: MemberRecord | undefined,
  teams: Map<string, TeamMemberRecord>,
  teamIds: Set<string>,
): Role | undefined {
  if (project.teamId && !teamIds.has(project.teamId)) return undefined;
  const teamMember = project.teamId ? teams.get(project.teamId) : undefined;
  const groupRole = teamMember?.groupId ? project.groupRoles[teamMember.groupId] : undefined;
  return resolveRole({ userId, project, memberRole: member?.role, teamRole: teamMember?.role, groupRoles: groupRole ? [groupRole] : [] });
}

/** Teams that still exist, by id, whether or not the user is in them (a public project of a team they left). */
async function liveTeams(ids: (string | null)[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  return new Set((await teamsByIds(wanted)).filter((t) => t.state === 'active').map((t) => t.id));
}

export async function projectsOfUser(userId: string): Promise<MyProject[]> {
  const [members, favorites, teams] = await Promise.all([membershipsOf(userId), favoriteProjectIds(userId), liveTeamMemberships(userId)]);
  const projects = await projectsByIds(members.map((m) => m.projectId));
  const teamIds = await liveTeams(projects.map((p) => p.teamId));
  const byId = new Map(projects.map((p) => [p.id, p]));
  const favored = new Set(favorites);
  return members.flatMap((member) => {
    const project = byId.get(member.projectId);
    const role = project && roleOf(userId, project, member, teams, teamIds);
    return project && role ? [{ project, member, role, favorite: favored.has(project.id) }] : [];
  });
}

/** Favourited projects, including public ones the user reads without being a member, newest favourite first. */
export async function favoritesOfUser(userId: string): Promise<MyProject[]> {
  const [ids, teams] = await Promise.all([favoriteProjectIds(userId), liveTeamMemberships(userId)]);
  const [projects, members] = await Promise.all([
    projectsByIds(ids),
    batchGet(ids.map((id) => keys.member(id, userId))).then((items) => asRecords(memberRecord, items)),
  ]);
  const teamIds = await liveTeams(projects.map((p) => p.teamId));
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const memberById = new Map(members.map((m) => [m.projectId, m]));
  return ids.flatMap((id) => {
    const project = projectById.get(id);
    const member = memberById.get(id);
    const role = project && roleOf(userId, project, member, teams, teamIds);
    return project && role ? [{ project, member, role, favorite: true }] : [];
  });
}

/** The projects of one team the user reaches (nothing when they are not in it). */
export async function teamProjectsOfUser(userId: string, teamId: string): Promise<MyProject[]> {
  const [teams, favorites] = await Promise.all([liveTeamMemberships(userId), favoriteProjectIds(userId)]);
  const me = teams.get(teamId);
  if (!me) return [];
  const favored = new Set(favorites);
  const teamIds = new Set([teamId]);
  let projects: ProjectRecord[];
  if (atLeastTeamRole(me.role, 'admin')) {
    projects = await projectsOfTeam(teamId);
  } else {
    const [memberships, bindings] = await Promise.all([membershipsOf(userId), me.groupId ? bindingsOfGroup(teamId, me.groupId) : []]);
    const ids = new Set([...memberships.map((m) => m.projectId), ...bindings.map((b) => b.projectId)]);
    projects = (await projectsByIds([...ids])).filter((p) => p.teamId === teamId);
  }
  const members = new Map(
    asRecords(memberRecord, await batchGet(projects.map((p) => keys.member(p.id, userId)))).map((m) => [m.projectId, m]),
  );
  return projects.flatMap((project) => {
    const member = members.get(project.id);
    const role = roleOf(userId, project, member, teams, teamIds);
    return role ? [{ project, member, role, favorite: favored.has(project.id) }] : [];
  });
}
