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
  asRecord,
  asRecords,
  batchGet,
  ConditionFailed,
  countItems,
  getItem,
  queryAll,
  transact,
  updateItem,
  type TransactOp,
} from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../runtime/app-error';

const teamRecord = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    avatar: z.string(),
    ownerId: z.string(),
    /** `disbanding`: hidden from every route while the purge job destroys it. */
    state: z.enum(['active', 'disbanding']),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByName: z.string().optional(),
    rev: z.number(),
  }),
);
export type TeamRecord = z.infer<typeof teamRecord>;

const teamMemberRecord = lazy(() =>
  z.object({
    teamId: z.string(),
    userId: z.string(),
    role: z.enum(TEAM_ROLES),
    groupId: z.string().nullable(),
    joinedAt: z.string(),
  }),
);
export type TeamMemberRecord = z.infer<typeof teamMemberRecord>;

const groupRecord = lazy(() => z.object({ id: z.string(), teamId: z.string(), name: z.string(), createdAt: z.string() }));
export type GroupRecord = z.infer<typeof groupRecord>;

const bindingRecord = lazy(() => z.object({ teamId: z.string(), groupId: z.string(), projectId: z.string(), role: z.enum(MEMBER_ROLES) }));

export const getTeam = async (teamId: string) => asRecord(teamRecord, await getItem(keys.team(teamId), { consistent: true }));
export const teamsByIds = async (ids: string[]) => asRecords(teamRecord, await batchGet(ids.map((id) => keys.team(id))));
export const getTeamMember = async (teamId: string, userId: string) =>
  asRecord(teamMemberRecord, await getItem(keys.teamMember(teamId, userId), { consistent: true }));

/** The team and the caller's membership, in one batched read. */
export async function teamAccess(teamId: string, userId: string | undefined) {
  const items = await batchGet([keys.team(teamId), ...(userId ? [keys.teamMember(teamId, userId)] : [])], { consistent: true });
  return {
    team: asRecord(
      teamRecord,
      items.find((i) => i.entity === ENTITY.team.entity),
    ),
    member: asRecord(
      teamMemberRecord,
      items.find((i) => i.entity === ENTITY.teamMember.entity),
    ),
  };
}

export const teamItem = (team: TeamRecord) => ({ ...keys.team(team.id), ...ENTITY.team, ...team });
export const groupItem = (group: GroupRecord) => ({ ...keys.group(group.teamId, group.id), ...ENTITY.group, ...group });
export const bindingItem = (binding: z.infer<typeof bindingRecord>) => ({
  ...keys.groupBinding(binding.teamId, binding.groupId, binding.projectId),
  ...ENTITY.groupBinding,
  ...binding,
});

export const teamMemberItem = (member: TeamMemberRecord) => ({
  ...keys.teamMember(member.teamId, member.userId),
  ...ENTITY.teamMember,
  ...keys.teamOfUser(member.userId, member.teamId),
  ...member,
});

export async function createTeam(
  input: { name: string; description: string; avatar: string },
  ownerId: string,
  now = new Date(),
): Promise<TeamRecord> {
  const stamp = now.toISOString();
  const team: TeamRecord = { id: randomUUID(), ...input, ownerId, state: 'active', createdAt: stamp, updatedAt: stamp, rev: 1 };
  await transact([
    { put: teamItem(team), cond: { ifNotExists: true } },
    {
      put: teamMemberItem({ teamId: team.id, userId: ownerId, role: 'owner', groupId: null, joinedAt: stamp }),
      cond: { ifNotExists: true },
    },
  ]);
  return team;
}

export async function updateTeam(
  team: TeamRecord,
  changes: Partial<Pick<TeamRecord, 'name' | 'description' | 'avatar'>>,
  expectedRev: number,
  editorName: string,
) {
  try {
    return teamRecord.parse(
      await updateItem(
        keys.team(team.id),
        { set: { ...changes, updatedAt: new Date().toISOString(), updatedByName: editorName }, bumpRev: true },
        {
          expression: '#state = :active AND #rev = :rev',
          names: { '#state': 'state', '#rev': 'rev' },
          values: { ':active': 'active', ':rev': expectedRev },
        },
      ),
    );
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    const current = asRecord(teamRecord, err.current);
    if (!current || current.state !== 'active') throw new AppError('notFound');
    throw new AppError('staleRevision', { editor: current.updatedByName ?? '' }, { rev: current.rev });
  }
}

/** Hides the team at once and queues it for the purge job, which destroys its projects and then the team. */
export async function markTeamDisbanded(team: TeamRecord, now = new Date()) {
  try {
    await updateItem(
      keys.team(team.id),
      { set: { state: 'disbanding', updatedAt: now.toISOString(), ...keys.purgeEntry(now) }, bumpRev: true },
      { expression: '#state = :active', names: { '#state': 'state' }, values: { ':active': 'active' } },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('notFound');
    throw err;
  }
}

export const teamMembersOf = async (teamId: string) => asRecords(teamMemberRecord, await queryAll(keys.teamMembersOf(teamId)));
export const teamMembershipsOf = async (userId: string) => asRecords(teamMemberRecord, await queryAll(keys.teamsOfUser(userId)));
export const groupsOf = async (teamId: string) => asRecords(groupRecord, await queryAll(keys.groupsOf(teamId)));

export async function getGroup(teamId: string, groupId: string): Promise<GroupRecord> {
  const group = asRecord(groupRecord, await getItem(keys.group(teamId, groupId), { consistent: true }));
  if (!group) throw new AppError('notFound');
  return group;
}

export const countTeam = (teamId: string) =>
  Promise.all([countItems(keys.teamMembersOf(teamId)), countItems(keys.groupsOf(teamId)), countItems(keys.projectsOfTeam(teamId))]).then(
    ([members, groups, projects]) => ({ members, groups, projects }),
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
  try {
    await transact([
      { check: keys.team(teamId), cond: { expression: '#state = :active', names: { '#state': 'state' }, values: { ':active': 'active' } } },
      { put: teamMemberItem({ teamId, userId, role, groupId, joinedAt: now.toISOString() }), cond: { ifNotExists: true } },
    ]);
    return true;
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    if (err.index === 0) throw new AppError('notFound');
    return false;
  }
}

/** Changes a member's role or group, conditional on their still being in the team. */
async function updateTeamMember(
  teamId: string,
  userId: string,
  set: Partial<Pick<TeamMemberRecord, 'role' | 'groupId'>>,
  guard?: { notRole: TeamRole },
) {
  try {
    return teamMemberRecord.parse(
      await updateItem(
        keys.teamMember(teamId, userId),
        { set },
        guard
          ? { expression: 'attribute_exists(pk) AND #role <> :role', names: { '#role': 'role' }, values: { ':role': guard.notRole } }
          : { ifExists: true },
      ),
    );
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    throw new AppError(err.current ? 'ownerRoleFixed' : 'notTeamMember');
  }
}

/** The owner's role changes only by a transfer. */
export const setTeamRole = (teamId: string, userId: string, role: Exclude<TeamRole, 'owner'>) =>
  updateTeamMember(teamId, userId, { role }, { notRole: 'owner' });

export const moveToGroup = (teamId: string, userId: string, groupId: string | null) => updateTeamMember(teamId, userId, { groupId });

/** A member leaves or is removed; the owner never (they hand the team over first). */
export async function removeTeamMember(teamId: string, userId: string) {
  try {
    await transact([
      {
        delete: keys.teamMember(teamId, userId),
        cond: { expression: 'attribute_exists(pk) AND #role <> :owner', names: { '#role': 'role' }, values: { ':owner': 'owner' } },
      },
    ]);
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('ownerRoleFixed');
    throw err;
  }
}

/** Hands the team to member `to`; the former owner stays as an administrator. */
export async function transferTeam(team: TeamRecord, to: string): Promise<TeamRecord> {
  const updatedAt = new Date().toISOString();
  try {
    await transact([
      { update: keys.team(team.id), spec: { set: { ownerId: to, updatedAt }, bumpRev: true }, cond: { ifRev: team.rev } },
      { update: keys.teamMember(team.id, to), spec: { set: { role: 'owner' } }, cond: { ifExists: true } },
      { update: keys.teamMember(team.id, team.ownerId), spec: { set: { role: 'admin' } }, cond: { ifExists: true } },
    ]);
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    throw new AppError(err.index === 1 ? 'notTeamMember' : 'conflict');
  }
  return { ...team, ownerId: to, updatedAt, rev: team.rev + 1 };
}

export async function createGroup(teamId: string, name: string, now = new Date()): Promise<GroupRecord> {
  const group: GroupRecord = { id: randomUUID(), teamId, name, createdAt: now.toISOString() };
  await transact([{ put: groupItem(group), cond: { ifNotExists: true } }]);
  return group;
}

export async function renameGroup(teamId: string, groupId: string, name: string): Promise<GroupRecord> {
  try {
    return groupRecord.parse(await updateItem(keys.group(teamId, groupId), { set: { name } }, { ifExists: true }));
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('notFound');
    throw err;
  }
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
    { update: keys.project(project.id), spec: { set: { groupRoles }, bumpRev: true }, cond: { ifRev: project.rev } },
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
    await transact([
      {
        update: keys.project(binding.projectId),
        spec: { remove: [['groupRoles', groupId]], bumpRev: true },
        cond: { expression: 'attribute_exists(pk)' },
      },
      { delete: keys.groupBinding(teamId, groupId, binding.projectId) },
    ]).catch((err: unknown) => {
      // A project purged meanwhile has no role map left to clean.
      if (!(err instanceof ConditionFailed)) throw err;
      return transact([{ delete: keys.groupBinding(teamId, groupId, binding.projectId) }]);
    });
  }
  const members = (await teamMembersOf(teamId)).filter((m) => m.groupId === groupId);
  await Promise.all(
    members.map((m) =>
      updateItem(
        keys.teamMember(teamId, m.userId),
        { set: { groupId: null } },
        { expression: '#group = :g', names: { '#group': 'groupId' }, values: { ':g': groupId } },
      ).catch((err: unknown) => {
        if (!(err instanceof ConditionFailed)) throw err;
      }),
    ),
  );
  await transact([{ delete: keys.group(teamId, groupId) }]);
}
