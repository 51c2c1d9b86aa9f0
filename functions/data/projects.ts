/**
 * Projects, their members and favourites: the items of a project partition that every service reads. The
 * access check resolves a caller's role here, so the teams feature extends `effectiveRole` and nothing else.
 */
import {
  PROJECT_ROLES,
  type ProjectRole,
  type ProjectState,
  type ProjectView,
} from '../../shared/schemas/project';
import { RECYCLE_RETENTION_DAYS } from '../../shared/constants';
import { batchGet, getItem, queryAll } from './db';
import type { ProjectMember } from '../../shared/schemas/project';
import { ENTITY, keys } from './keys';
import { resolveRole, type Role } from '../../shared/access';

/** `purging` and `cloning` are internal: such a project is invisible to every route. */
export type StoredProjectState = ProjectState | 'purging' | 'cloning';

export interface ProjectItem {
  id: string;
  name: string;
  description: string;
  visibility: 'private' | 'public';
  ownerId: string;
  teamId: string | null;
  state: StoredProjectState;
  /** What a restore from the recycle bin returns to. */
  stateBeforeRecycle?: ProjectState;
  archivedAt: string | null;
  recycledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who saved the project's info last, named in a conflict. */
  updatedBy?: string;
  updatedByName?: string;
  rev: number;
}

export interface MemberItem {
  projectId: string;
  userId: string;
  role: ProjectRole;
  /** Where this member files the project in their console; null is the root. */
  folderId: string | null;
  joinedAt: string;
}

export { atLeast, type Role } from '../../shared/access';

export const isProjectRole = (v: unknown): v is ProjectRole => PROJECT_ROLES.includes(v as ProjectRole);

export const getProject = (projectId: string) => getItem<ProjectItem & Record<string, unknown>>(keys.project(projectId), { consistent: true });
export const getMember = (projectId: string, userId: string) =>
  getItem<MemberItem & Record<string, unknown>>(keys.member(projectId, userId), { consistent: true });

/** The caller's role in a project from their membership (teams and groups add their facts with that feature). */
export const effectiveRole = (project: ProjectItem, member: MemberItem | undefined): Role | undefined =>
  resolveRole({ userId: member?.userId, project, memberRole: member?.role });

export const DAY_MS = 86_400_000;
export const purgeDate = (recycledAt: Date) => new Date(recycledAt.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS);

export function toProjectView(
  project: ProjectItem,
  opts: { role: Role; member?: MemberItem; favorite?: boolean; now?: Date },
): ProjectView {
  const now = opts.now ?? new Date();
  const daysLeft =
    project.state === 'recycled' && project.recycledAt
      ? Math.max(0, Math.ceil((purgeDate(new Date(project.recycledAt)).getTime() - now.getTime()) / DAY_MS))
      : null;
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    visibility: project.visibility,
    ownerId: project.ownerId,
    teamId: project.teamId,
    folderId: opts.member?.folderId ?? null,
    state: project.state as ProjectState,
    role: opts.role,
    favorite: opts.favorite ?? false,
    archivedAt: project.archivedAt,
    recycledAt: project.recycledAt,
    daysLeft,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    rev: project.rev,
  };
}

export interface MyProject {
  project: ProjectItem;
  /** Absent for a public project the user favoured without being a member. */
  member?: MemberItem;
  role: Role;
  favorite: boolean;
}

/** The user's member items (one index query), where each membership also says where the user filed it. */
export const membershipsOf = (userId: string) =>
  queryAll<MemberItem & Record<string, unknown>>({ index: 'gsi1', partition: keys.projectsOfUser(userId) });

/**
 * Every project the user belongs to, in three round trips whatever the count: the user's memberships and
 * favourites (two index queries, in parallel), then the projects themselves (batched gets).
 */
export async function projectsOfUser(userId: string): Promise<MyProject[]> {
  const [members, favorites] = await Promise.all([
    membershipsOf(userId),
    queryAll<{ projectId: string } & Record<string, unknown>>({ index: 'gsi1', partition: keys.favoritesOfUser(userId) }),
  ]);
  const projects = await batchGet<ProjectItem & Record<string, unknown>>(members.map((m) => keys.project(m.projectId)));
  const byId = new Map(projects.map((p) => [p.id, p]));
  const favored = new Set(favorites.map((f) => f.projectId));
  return members.flatMap((member) => {
    const project = byId.get(member.projectId);
    const role = project && effectiveRole(project, member);
    return project && role ? [{ project, member, role, favorite: favored.has(project.id) }] : [];
  });
}

/** Favourited projects, including public ones the user reads without being a member. */
export async function favoritesOfUser(userId: string): Promise<MyProject[]> {
  const favorites = await queryAll<{ projectId: string; favoredAt: string } & Record<string, unknown>>({
    index: 'gsi1',
    partition: keys.favoritesOfUser(userId),
    descending: true,
  });
  const ids = favorites.map((f) => f.projectId);
  const [projects, members] = await Promise.all([
    batchGet<ProjectItem & Record<string, unknown>>(ids.map((id) => keys.project(id))),
    batchGet<MemberItem & Record<string, unknown>>(ids.map((id) => keys.member(id, userId))),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const memberById = new Map(members.map((m) => [m.projectId, m]));
  return ids.flatMap((id) => {
    const project = projectById.get(id);
    const member = memberById.get(id);
    const role = project && effectiveRole(project, member);
    return project && role ? [{ project, member, role, favorite: true }] : [];
  });
}

/** The member item, with the index entry that lists the project among the user's. */
export function memberRecord(projectId: string, userId: string, role: ProjectRole, folderId: string | null, now = new Date()) {
  const member: MemberItem = { projectId, userId, role, folderId, joinedAt: now.toISOString() };
  return { ...keys.member(projectId, userId), ...ENTITY.member, ...keys.projectsOfUser(userId), gsi1sk: projectId, ...member };
}

export const projectRecord = (project: ProjectItem, extra: Record<string, unknown> = {}) => ({
  ...ENTITY.project,
  ...project,
  ...extra,
  ...keys.project(project.id),
});

/** The members of a project with their names, in two round trips. */
export async function membersOf(project: ProjectItem): Promise<ProjectMember[]> {
  const members = await queryAll<MemberItem & Record<string, unknown>>(keys.membersOf(project.id));
  const users = await batchGet<{ id: string; nickname: string; avatar: string | null } & Record<string, unknown>>(
    members.map((m) => keys.user(m.userId)),
  );
  const byId = new Map(users.map((u) => [u.id, u]));
  return members.map((m) => ({
    userId: m.userId,
    nickname: byId.get(m.userId)?.nickname ?? '',
    avatar: byId.get(m.userId)?.avatar ?? null,
    role: m.userId === project.ownerId ? 'creator' : m.role,
    joinedAt: m.joinedAt,
  }));
}
