/**
 * Members of a project. Each member item also lists the project among the user's (an index entry) and says
 * where the user files it in their console, so filing never touches the project itself.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { MEMBER_ROLES, type MemberRole } from '@shared/access';
import type { ProjectMember } from '@shared/schemas/project';
import { asRecord, asRecords, ConditionFailed, getItem, putItem, queryAll, transact, updateItem, type TransactOp } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../runtime/app-error';
import { usersByIds } from './users';

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

export const getMember = async (projectId: string, userId: string) =>
  asRecord(memberRecord, await getItem(keys.member(projectId, userId), { consistent: true }));

/** The item of a membership, with the index entry that lists the project among the user's. */
export function memberItem(projectId: string, userId: string, role: MemberRecord['role'], folderId: string | null, now = new Date()) {
  const member: MemberRecord = { projectId, userId, role, folderId, joinedAt: now.toISOString() };
  return { ...keys.member(projectId, userId), ...ENTITY.member, ...keys.projectOfUser(userId, projectId), ...member };
}

export const addMemberOp = (member: ReturnType<typeof memberItem>): TransactOp => ({ put: member, cond: { ifNotExists: true } });

/** The user's memberships (one index query); each also says where the user filed the project. */
export const membershipsOf = async (userId: string) => asRecords(memberRecord, await queryAll(keys.projectsOfUser(userId)));

/** The members of a project with their names, in two round trips. */
export async function membersOfProject(project: { id: string; ownerId: string }): Promise<ProjectMember[]> {
  const members = asRecords(memberRecord, await queryAll(keys.membersOf(project.id)));
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
  try {
    await updateItem(keys.member(projectId, userId), { set: { folderId } }, { ifExists: true });
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('notFound');
    throw err;
  }
}

/** Moves what a user filed in `folderId` to `to`, each item only if it is still there (a move meanwhile wins). */
export async function refileProjects(userId: string, projectIds: string[], folderId: string, to: string | null) {
  await Promise.all(
    projectIds.map((projectId) =>
      updateItem(
        keys.member(projectId, userId),
        { set: { folderId: to } },
        { expression: '#folder = :here', names: { '#folder': 'folderId' }, values: { ':here': folderId } },
      ).catch((err: unknown) => {
        if (!(err instanceof ConditionFailed)) throw err;
      }),
    ),
  );
}

/** A member leaves, taking their favourite of the project with them. */
export async function leaveProject(projectId: string, userId: string) {
  await transact([{ delete: keys.member(projectId, userId), cond: { ifExists: true } }, { delete: keys.favorite(projectId, userId) }]);
}

/**
 * Gives a user a role on a project, or changes it (keeping where they filed it). `creator` is never given or
 * taken here: the creator's role changes only by a transfer.
 */
export async function assignMember(projectId: string, userId: string, role: MemberRole, now = new Date()): Promise<MemberRecord> {
  try {
    const updated = await updateItem(
      keys.member(projectId, userId),
      { set: { role } },
      {
        expression: 'attribute_exists(pk) AND #role <> :creator',
        names: { '#role': 'role' },
        values: { ':creator': 'creator' },
      },
    );
    return memberRecord.parse(updated);
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    if (err.current) throw new AppError('creatorRoleFixed');
  }
  const item = memberItem(projectId, userId, role, null, now);
  await putItem(item, { ifNotExists: true }).catch((err: unknown) => {
    // Added by someone else a moment ago: set the role on that membership instead.
    if (err instanceof ConditionFailed) return updateItem(keys.member(projectId, userId), { set: { role } });
    throw err;
  });
  return memberRecord.parse(item);
}

/** Removes a member (never the creator), with their favourite of the project. */
export async function removeMember(projectId: string, userId: string) {
  try {
    await transact([
      {
        delete: keys.member(projectId, userId),
        cond: { expression: 'attribute_exists(pk) AND #role <> :creator', names: { '#role': 'role' }, values: { ':creator': 'creator' } },
      },
      { delete: keys.favorite(projectId, userId) },
    ]);
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    throw new AppError((await getMember(projectId, userId)) ? 'creatorRoleFixed' : 'notFound');
  }
}

/** The direct members of a project (without names), for copying them to another. */
export const memberRecordsOf = async (projectId: string) => asRecords(memberRecord, await queryAll(keys.membersOf(projectId)));
