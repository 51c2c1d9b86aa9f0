/**
 * Members of a project. Each member item also lists the project among the user's (an index entry) and says
 * where the user files it in their console, so filing never touches the project itself.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { MEMBER_ROLES, type MemberRole } from '@shared/access';
import type { ProjectMember } from '@shared/schemas/project';
import { eventOps, type Actor } from './events';
import { and, conditionsOn, exists, getItem, notExists, queryAll, skip, transact, type TransactOp } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { notLeavingCheck, usersByIds } from './users';

export const memberRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    userId: z.string(),
    role: z.enum(['creator', ...MEMBER_ROLES]),
    /** Where this member files the project in their console; null is the root. */
    folderId: z.string().nullable(),
    joinedAt: z.string(),
  }),
);
export type MemberRecord = z.infer<typeof memberRecord>;

/** A membership, listed among the user's projects by an index entry. */
export const memberEntity = defineEntity({
  name: 'member',
  schema: memberRecord,
  key: (m: Pick<MemberRecord, 'projectId' | 'userId'>) => keys.member(m.projectId, m.userId),
  indexes: (index) => ({ gsi1: index(['userId', 'projectId'], (m) => keys.projectOfUser(m.userId, m.projectId)) }),
});
const where = conditionsOn<MemberRecord>();

export const getMember = async (projectId: string, userId: string) =>
  memberEntity.parse(await getItem(keys.member(projectId, userId), { consistent: true }));

/** A new membership. */
export const newMember = (projectId: string, userId: string, role: MemberRecord['role'], folderId: string | null, now = new Date()) => ({
  projectId,
  userId,
  role,
  folderId,
  joinedAt: now.toISOString(),
});

/** The item of a membership (fixtures and benchmarks write them in bulk). */
export const memberItem = (projectId: string, userId: string, role: MemberRecord['role'], folderId: string | null, now = new Date()) =>
  memberEntity.item(newMember(projectId, userId, role, folderId, now));

export const addMemberOp = (member: MemberRecord): TransactOp => memberEntity.putOp(member, notExists());

/** The user's memberships (one index query); each also says where the user filed the project. */
export const membershipsOf = async (userId: string) => memberEntity.parseAll(await queryAll(keys.projectsOfUser(userId)));

/** The members of a project with their names, in two round trips. */
export async function membersOfProject(project: { id: string; ownerId: string }): Promise<ProjectMember[]> {
  const members = memberEntity.parseAll(await queryAll(keys.membersOf(project.id)));
  const users = await usersByIds(members.map((m) => m.userId));
  return members.map((m) => ({
    userId: m.userId,
    nickname: users.get(m.userId)?.nickname ?? '',
    avatar: users.get(m.userId)?.avatar ?? null,
    role: m.userId === project.ownerId ? 'creator' : m.role === 'creator' ? 'edit' : m.role,
    joinedAt: m.joinedAt,
  }));
}

/** Files one of the user's projects in one of their folders (null: the root). */
export async function fileProject(userId: string, projectId: string, folderId: string | null) {
  await memberEntity.update({ projectId, userId }, { set: { folderId } }, { when: exists(), failure: () => new AppError('notFound') });
}

/** Moves what a user filed in `folderId` to `to`, each item only if it is still there (a move meanwhile wins). */
export async function refileProjects(userId: string, projectIds: string[], folderId: string, to: string | null) {
  await Promise.all(
    projectIds.map((projectId) =>
      memberEntity.update({ projectId, userId }, { set: { folderId: to } }, { when: where.eq('folderId', folderId), failure: skip }),
    ),
  );
}

/** A member leaves, taking their favourite of the project with them. */
export async function leaveProject(projectId: string, userId: string) {
  await transact([{ delete: keys.member(projectId, userId), when: exists() }, { delete: keys.favorite(projectId, userId) }]);
}

/** Who added or removed a member, and the member's name as the event should show it. */
export interface MemberEventBy {
  actor: Actor;
  userName?: string;
}

const memberEventOps = (
  kind: 'member.added' | 'member.removed',
  projectId: string,
  userId: string,
  by: MemberEventBy,
  details: Record<string, unknown> = {},
) =>
  eventOps({
    projectId,
    kind,
    actor: by.actor,
    details: { userId, ...(by.userName ? { userName: by.userName } : {}), ...details },
  });

/**
 * Gives a user a role on a project, or changes it (keeping where they filed it). `creator` is never given or
 * taken here: the creator's role changes only by a transfer.
 */
export async function assignMember(
  projectId: string,
  userId: string,
  role: MemberRole,
  /** Who added them, when the addition is an event (a copy of members to another project is not). */
  announce?: MemberEventBy,
  now = new Date(),
): Promise<MemberRecord> {
  const ids = { projectId, userId };
  const changed = await memberEntity.update(
    ids,
    { set: { role } },
    // No membership yet: not a failure, one is added below.
    { when: and(exists(), where.ne('role', 'creator')), failure: (current) => (current ? new AppError('creatorRoleFixed') : undefined) },
  );
  if (changed) return changed;
  const member = newMember(projectId, userId, role, null, now);
  // Added by someone else a moment ago: set the role on that membership instead.
  const added = await transact([
    notLeavingCheck(userId, now.getTime()),
    memberEntity.putOp(member, notExists(), skip),
    ...(announce ? memberEventOps('member.added', projectId, userId, announce, { role }) : []),
  ]);
  if (!added) await memberEntity.update(ids, { set: { role } });
  return member;
}

/** Removes a member (never the creator), with their favourite of the project. */
export async function removeMember(projectId: string, userId: string, announce?: MemberEventBy) {
  const failed = !(await transact([
    { delete: keys.member(projectId, userId), when: and(exists(), where.ne('role', 'creator')), failure: skip },
    { delete: keys.favorite(projectId, userId) },
    ...(announce ? memberEventOps('member.removed', projectId, userId, announce) : []),
  ]));
  if (failed) throw new AppError((await getMember(projectId, userId)) ? 'creatorRoleFixed' : 'notFound');
}

/** The direct members of a project (without names), for copying them to another. */
export const memberRecordsOf = async (projectId: string) => memberEntity.parseAll(await queryAll(keys.membersOf(projectId)));
