/**
 * Teams: the META item of a team partition, its members (each with a role and at most one user group), its user
 * groups, and the bindings of groups to the team's projects. A binding is kept twice, written in one transaction:
 * on the project's META (`groupRoles`, read by every access check) and in the team partition (to find a group's
 * projects when the group goes).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { MEMBER_ROLES, TEAM_ROLES, type MemberRole, type TeamRole } from '@shared/access';
import {
  and,
  asRecord,
  asRecords,
  batchGet,
  conditionsOn,
  countItems,
  eq,
  exists,
  getItem,
  notExists,
  queryAll,
  skip,
  transact,
  updateItem,
  type TransactOp,
} from '../data/db';
import type { ProjectState } from '@shared/schemas/project';
import { defineEntity } from '../data/entity';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { projectEntity, projectsOfTeam } from './projects';
import { notLeavingCheck } from './users';

export const teamRecord = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    avatar: z.string(),
    ownerId: z.string(),
    /** `disbanding`: hidden from every route while the purge job destroys it. */
    state: z.enum(['active', 'disbanding']),
    /** When the purge job may destroy a disbanding team: the sparse PURGE index is composed of it. */
    purgeAt: z.string().nullable().default(null),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByName: z.string().optional(),
    rev: z.number(),
  }),
);
export type TeamRecord = z.infer<typeof teamRecord>;

export const teamMemberRecord = lazy(() =>
  z.object({
    teamId: z.string(),
    userId: z.string(),
    role: z.enum(TEAM_ROLES),
    groupId: z.string().nullable(),
    joinedAt: z.string(),
  }),
);
export type TeamMemberRecord = z.infer<typeof teamMemberRecord>;

export const groupRecord = lazy(() => z.object({ id: z.string(), teamId: z.string(), name: z.string(), createdAt: z.string() }));
export type GroupRecord = z.infer<typeof groupRecord>;

const bindingRecord = lazy(() => z.object({ teamId: z.string(), groupId: z.string(), projectId: z.string(), role: z.enum(MEMBER_ROLES) }));

/** The META item of a team partition, on the purge queue while it is being disbanded. */
export const teamEntity = defineEntity({
  name: 'team',
  schema: teamRecord,
  key: (t: Pick<TeamRecord, 'id'>) => keys.team(t.id),
  indexes: (index) => ({ gsi2: index(['purgeAt'], (t) => (t.purgeAt ? keys.purgeEntry(t.purgeAt) : undefined)) }),
});
const whereTeam = conditionsOn<TeamRecord>();

/** A member of a team, listed among the user's teams by an index entry. */
export const teamMemberEntity = defineEntity({
  name: 'teamMember',
  schema: teamMemberRecord,
  key: (m: Pick<TeamMemberRecord, 'teamId' | 'userId'>) => keys.teamMember(m.teamId, m.userId),
  indexes: (index) => ({ gsi1: index(['userId', 'teamId'], (m) => keys.teamOfUser(m.userId, m.teamId)) }),
});
const whereMember = conditionsOn<TeamMemberRecord>();

export const getTeam = async (teamId: string) => teamEntity.parse(await getItem(keys.team(teamId), { consistent: true }));
export const teamsByIds = async (ids: string[]) => teamEntity.parseAll(await batchGet(ids.map((id) => keys.team(id))));
export const getTeamMember = async (teamId: string, userId: string) =>
  teamMemberEntity.parse(await getItem(keys.teamMember(teamId, userId), { consistent: true }));

/** The team and the caller's membership, in one batched read. */
export async function teamAccess(teamId: string, userId: string | undefined) {
  const items = await batchGet([keys.team(teamId), ...(userId ? [keys.teamMember(teamId, userId)] : [])], { consistent: true });
  return {
    team: teamEntity.parse(items.find((i) => i.entity === ENTITY.team.entity)),
    member: teamMemberEntity.parse(items.find((i) => i.entity === ENTITY.teamMember.entity)),
  };
}

export const teamItem = (team: TeamRecord) => teamEntity.item(team);
export const groupItem = (group: GroupRecord) => ({ ...keys.group(group.teamId, group.id), ...ENTITY.group, ...group });
export const bindingItem = (binding: z.infer<typeof bindingRecord>) => ({
  ...keys.groupBinding(binding.teamId, binding.groupId, binding.projectId),
  ...ENTITY.groupBinding,
  ...binding,
});

export const teamMemberItem = (member: TeamMemberRecord) => teamMemberEntity.item(member);

export async function createTeam(
  input: { name: string; description: string; avatar: string },
  ownerId: string,
  now = new Date(),
): Promise<TeamRecord> {
  const stamp = now.toISOString();
  const team: TeamRecord = {
    id: randomUUID(),
    ...input,
    ownerId,
    state: 'active',
    purgeAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    rev: 1,
  };
  await transact([
    teamEntity.putOp(team, notExists()),
    teamMemberEntity.putOp({ teamId: team.id, userId: ownerId, role: 'owner', groupId: null, joinedAt: stamp }, notExists()),
  ]);
  return team;
}

export async function updateTeam(
  team: TeamRecord,
  changes: Partial<Pick<TeamRecord, 'name' | 'description' | 'avatar'>>,
  expectedRev: number,
  editorName: string,
) {
  return teamEntity.update(
    team,
    { set: { ...changes, updatedAt: new Date().toISOString(), updatedByName: editorName }, bumpRev: true },
    {
      when: and(whereTeam.eq('state', 'active'), whereTeam.eq('rev', expectedRev)),
      failure: (item) => {
        const current = teamEntity.parse(item);
        if (!current || current.state !== 'active') return new AppError('notFound');
        return new AppError('staleRevision', { editor: current.updatedByName ?? '' }, { rev: current.rev });
      },
    },
  );
}

/** Hides the team at once and queues it for the purge job, which destroys its projects and then the team. */
export async function markTeamDisbanded(team: TeamRecord, now = new Date()) {
  await teamEntity.update(
    team,
    { set: { state: 'disbanding', updatedAt: now.toISOString(), purgeAt: now.toISOString() }, bumpRev: true },
    { when: whereTeam.eq('state', 'active'), failure: () => new AppError('notFound') },
  );
}

export const teamMembersOf = async (teamId: string) => teamMemberEntity.parseAll(await queryAll(keys.teamMembersOf(teamId)));
export const teamMembershipsOf = async (userId: string) => teamMemberEntity.parseAll(await queryAll(keys.teamsOfUser(userId)));
export const groupsOf = async (teamId: string) => asRecords(groupRecord, await queryAll(keys.groupsOf(teamId)));

export async function getGroup(teamId: string, groupId: string): Promise<GroupRecord> {
  const group = asRecord(groupRecord, await getItem(keys.group(teamId, groupId), { consistent: true }));
  if (!group) throw new AppError('notFound');
  return group;
}

const KEPT = new Set<string>(['active', 'archived'] satisfies ProjectState[]);

/**
 * The team's figures. Its projects are those it keeps, active or archived: not those in the recycle bin, nor a
 * clone still being written. A count query would read the same items, so reading them costs nothing more.
 */
export const countTeam = (teamId: string) =>
  Promise.all([countItems(keys.teamMembersOf(teamId)), countItems(keys.groupsOf(teamId)), projectsOfTeam(teamId)]).then(
    ([members, groups, projects]) => ({ members, groups, projects: projects.filter((p) => KEPT.has(p.state)).length }),
  );

/**
 * Adds someone to the team, or leaves them as they are if they are in it already (joining twice stays one
 * membership). Returns whether they were added.
 */
export async function addTeamMember(
  teamId: string,
  userId: string,
  role: TeamRole,
  groupId: string | null,
  now = new Date(),
): Promise<boolean> {
  return transact([
    { check: keys.team(teamId), when: whereTeam.eq('state', 'active'), failure: () => new AppError('notFound') },
    notLeavingCheck(userId, now.getTime()),
    // Already in the team: they stay as they are.
    teamMemberEntity.putOp({ teamId, userId, role, groupId, joinedAt: now.toISOString() }, notExists(), skip),
  ]);
}

/** Changes a member's role or group, conditional on their still being in the team. */
const updateTeamMember = (
  teamId: string,
  userId: string,
  set: Partial<Pick<TeamMemberRecord, 'role' | 'groupId'>>,
  guard?: { notRole: TeamRole },
) =>
  teamMemberEntity.update(
    { teamId, userId },
    { set },
    {
      when: guard ? and(exists(), whereMember.ne('role', guard.notRole)) : exists(),
      failure: (current) => new AppError(current ? 'ownerRoleFixed' : 'notTeamMember'),
    },
  );

/** The owner's role changes only by a transfer. */
export const setTeamRole = (teamId: string, userId: string, role: Exclude<TeamRole, 'owner'>) =>
  updateTeamMember(teamId, userId, { role }, { notRole: 'owner' });

export const moveToGroup = (teamId: string, userId: string, groupId: string | null) => updateTeamMember(teamId, userId, { groupId });

/** A member leaves or is removed; the owner never (they hand the team over first). */
export async function removeTeamMember(teamId: string, userId: string) {
  await transact([
    {
      delete: keys.teamMember(teamId, userId),
      when: and(exists(), whereMember.ne('role', 'owner')),
      failure: () => new AppError('ownerRoleFixed'),
    },
  ]);
}

/** Hands the team to member `to`; the former owner stays as an administrator. */
export async function transferTeam(team: TeamRecord, to: string): Promise<TeamRecord> {
  const updatedAt = new Date().toISOString();
  await transact(
    [
      teamEntity.updateOp(team, { set: { ownerId: to, updatedAt }, bumpRev: true }, whereTeam.eq('rev', team.rev)),
      teamMemberEntity.updateOp({ teamId: team.id, userId: to }, { set: { role: 'owner' } }, exists(), () => new AppError('notTeamMember')),
      teamMemberEntity.updateOp({ teamId: team.id, userId: team.ownerId }, { set: { role: 'admin' } }, exists()),
    ],
    () => new AppError('conflict'),
  );
  return { ...team, ownerId: to, updatedAt, rev: team.rev + 1 };
}

export async function createGroup(teamId: string, name: string, now = new Date()): Promise<GroupRecord> {
  const group: GroupRecord = { id: randomUUID(), teamId, name, createdAt: now.toISOString() };
  await transact([{ put: groupItem(group), when: notExists() }]);
  return group;
}

export async function renameGroup(teamId: string, groupId: string, name: string): Promise<GroupRecord> {
  return groupRecord.parse(
    await updateItem(keys.group(teamId, groupId), { set: { name } }, { when: exists(), failure: () => new AppError('notFound') }),
  );
}

/**
 * The writes that bind a group to a project with a role (or unbind it: `role` undefined): the project's role map,
 * conditional on the revision its reader saw, and the team's record of the binding.
 */
export function bindingOps(
  project: { id: string; teamId: string; rev: number; groupRoles: Record<string, MemberRole> },
  groupId: string,
  role: MemberRole | undefined,
): TransactOp[] {
  const groupRoles = { ...project.groupRoles };
  if (role) groupRoles[groupId] = role;
  else delete groupRoles[groupId];
  const binding = keys.groupBinding(project.teamId, groupId, project.id);
  return [
    projectEntity.updateOp(project, { set: { groupRoles }, bumpRev: true }, eq('rev', project.rev)),
    role ? { put: bindingItem({ teamId: project.teamId, groupId, projectId: project.id, role }) } : { delete: binding },
  ];
}

export const bindingsOfGroup = async (teamId: string, groupId: string) =>
  asRecords(bindingRecord, await queryAll(keys.bindingsOfGroup(teamId, groupId)));

/**
 * Deletes a group. Its bindings go first (so nobody reaches a project through it a moment longer), then its
 * members are left ungrouped, and the group item goes last: an interrupted delete is finished by a repeat.
 */
export async function deleteGroup(teamId: string, groupId: string) {
  await getGroup(teamId, groupId);
  for (const binding of await bindingsOfGroup(teamId, groupId)) {
    const unbound = await transact([
      // A project purged meanwhile has no role map left to clean.
      projectEntity.updateOp({ id: binding.projectId }, { remove: [['groupRoles', groupId]], bumpRev: true }, exists(), skip),
      { delete: keys.groupBinding(teamId, groupId, binding.projectId) },
    ]);
    if (!unbound) await transact([{ delete: keys.groupBinding(teamId, groupId, binding.projectId) }]);
  }
  const members = (await teamMembersOf(teamId)).filter((m) => m.groupId === groupId);
  await Promise.all(
    members.map((m) =>
      teamMemberEntity.update(
        { teamId, userId: m.userId },
        { set: { groupId: null } },
        { when: whereMember.eq('groupId', groupId), failure: skip },
      ),
    ),
  );
  await transact([{ delete: keys.group(teamId, groupId) }]);
}
