/** How a project reads in lists and answers: the shared view, sorted newest first. */
import type { ProjectView } from '@shared/schemas/project';
import { projectsOfUser, teamProjectsOfUser, type MyProject } from '../../domain/project-lists';
import { toProjectView, type ProjectRecord } from '../../domain/projects';
import { usersByIds } from '../../domain/users';
import type { ProjectScope } from '../../runtime/access';

const newest = (a: ProjectView, b: ProjectView) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name);

/** Views of the caller's projects with their owners' names (one batched read), newest first. */
export async function myProjectViews(projects: MyProject[], opts: { sort?: boolean } = {}, now = new Date()): Promise<ProjectView[]> {
  const owners = await usersByIds(projects.map((p) => p.project.ownerId));
  const views = projects.map((p) =>
    toProjectView(p.project, {
      role: p.role,
      member: p.member,
      favorite: p.favorite,
      now,
      ownerName: owners.get(p.project.ownerId)?.nickname ?? '',
    }),
  );
  return opts.sort === false ? views : views.sort(newest);
}

/** The user's projects, filtered; recycled projects only ever appear in the recycle bin. */
export async function listMine(userId: string, keep: (p: MyProject) => boolean): Promise<ProjectView[]> {
  return myProjectViews((await projectsOfUser(userId)).filter(keep));
}

/**
 * The user's projects in one console: with `teamId`, every project of that team they reach (all of them for its
 * owner and administrators, members or not), otherwise their projects across consoles.
 */
export async function listInConsole(userId: string, teamId: string | null, keep: (p: MyProject) => boolean): Promise<ProjectView[]> {
  if (!teamId) return listMine(userId, keep);
  return myProjectViews((await teamProjectsOfUser(userId, teamId)).filter(keep));
}

/** `teamId` null means every console; otherwise one team's. */
export const inTeam = (teamId: string | null) => (p: MyProject) => teamId === null || p.project.teamId === teamId;

/** The view of the project a project route acts on, as its caller sees it. */
export const scopedView = (project: ProjectRecord, scope: Pick<ProjectScope, 'role' | 'member'>, favorite = false) =>
  toProjectView(project, { role: scope.role, member: scope.member, favorite });
