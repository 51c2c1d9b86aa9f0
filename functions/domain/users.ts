/**
 * Users and the guard items that keep each email and phone number unique: the guard is written in the same
 * transaction as the user, so two registrations of one address can never both succeed.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { isEmail } from '@shared/accounts';
import type { UserDetail } from '@shared/schemas/account';
import {
  and,
  asRecord,
  asRecords,
  batchGet,
  eq,
  exists,
  getItem,
  lt,
  notExists,
  or,
  transact,
  updateItem,
  type TransactOp,
} from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';

const userRecord = lazy(() =>
  z.object({
    id: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    passwordHash: z.string(),
    registeredAt: z.string(),
    /** Set when the account started leaving the product (POST /user/quit); the account goes once that is done. */
    leavingAt: z.string().optional(),
    rev: z.number(),
  }),
);
export type UserRecord = z.infer<typeof userRecord>;

const guardRecord = lazy(() => z.object({ userId: z.string() }));

export const toUserDetail = (u: UserRecord): UserDetail => ({
  id: u.id,
  nickname: u.nickname,
  avatar: u.avatar,
  email: u.email,
  phone: u.phone,
  registeredAt: u.registeredAt,
});

export const getUser = async (userId: string) => asRecord(userRecord, await getItem(keys.user(userId), { consistent: true }));

/** Who a change is by, as records keep it: the user's id and their nickname at the time ('' once they are gone). */
export async function editorOf(userId: string): Promise<{ id: string; name: string }> {
  const user = await getUser(userId);
  return { id: userId, name: user?.nickname ?? '' };
}

/** Nicknames and avatars of several users, in one batched read. */
export async function usersByIds(userIds: string[]): Promise<Map<string, UserRecord>> {
  const users = asRecords(userRecord, await batchGet([...new Set(userIds)].map((id) => keys.user(id))));
  return new Map(users.map((u) => [u.id, u]));
}

export const findUserIdByAccount = async (account: string) =>
  asRecord(guardRecord, await getItem(keys.accountGuard(account), { consistent: true }))?.userId;

/**
 * Creates a user with its account guard, together with `alongside` (consuming the verification code) in one
 * transaction: an address already taken is `accountExists`, any other failed condition `alongsideFailed`.
 */
export async function registerUser(
  input: { account: string; nickname: string; passwordHash: string; id?: string; avatar?: string | null },
  alongside: TransactOp[],
  alongsideFailed: ConstructorParameters<typeof AppError>[0],
  now = new Date(),
): Promise<UserRecord> {
  const user: UserRecord = {
    id: input.id ?? randomUUID(),
    nickname: input.nickname,
    avatar: input.avatar ?? null,
    email: isEmail(input.account) ? input.account : null,
    phone: isEmail(input.account) ? null : input.account,
    passwordHash: input.passwordHash,
    registeredAt: now.toISOString(),
    rev: 1,
  };
  await transact(
    [
      { put: { ...keys.user(user.id), ...ENTITY.user, ...user }, when: notExists() },
      {
        put: { ...keys.accountGuard(input.account), ...ENTITY.accountGuard, userId: user.id },
        when: notExists(),
        failure: () => new AppError('accountExists'),
      },
      ...alongside,
    ],
    () => new AppError(alongsideFailed),
  );
  return user;
}

export async function updateProfile(userId: string, changes: Partial<Pick<UserRecord, 'nickname' | 'avatar'>>): Promise<UserRecord> {
  return userRecord.parse(
    await updateItem(
      keys.user(userId),
      { set: { ...changes, updatedAt: new Date().toISOString() }, bumpRev: true },
      { when: exists(), failure: () => new AppError('notFound') },
    ),
  );
}

/** Conditional on the revision the old password was checked against, so a concurrent change cannot be lost. */
export async function changePasswordHash(user: UserRecord, passwordHash: string): Promise<void> {
  await updateItem(
    keys.user(user.id),
    { set: { passwordHash, updatedAt: new Date().toISOString() }, bumpRev: true },
    { when: eq('rev', user.rev), failure: () => new AppError('conflict') },
  );
}

/**
 * A recovered account's new password, written together with `alongside` (consuming the recovery code) in one
 * transaction, conditional on the revision read: the code is spent exactly when the password changes.
 */
export async function resetPasswordHash(user: UserRecord, passwordHash: string, alongside: TransactOp[]): Promise<void> {
  await transact(
    [
      {
        update: keys.user(user.id),
        spec: { set: { passwordHash, updatedAt: new Date().toISOString() }, bumpRev: true },
        when: eq('rev', user.rev),
      },
      ...alongside,
    ],
    () => new AppError('badVerificationCode'),
  );
}

/**
 * A new email or phone for an account, with its guard moved in the same transaction (the new address taken by
 * anyone is `accountExists`; the old guard goes only if it is still this user's) and `alongside` (the spent code).
 */
export async function changeAddress(
  user: UserRecord,
  field: 'email' | 'phone',
  address: string,
  alongside: TransactOp[],
): Promise<UserRecord> {
  const old = user[field];
  await transact(
    [
      {
        update: keys.user(user.id),
        spec: { set: { [field]: address, updatedAt: new Date().toISOString() }, bumpRev: true },
        when: eq('rev', user.rev),
        failure: () => new AppError('conflict'),
      },
      {
        put: { ...keys.accountGuard(address), ...ENTITY.accountGuard, userId: user.id },
        when: notExists(),
        failure: () => new AppError('accountExists'),
      },
      ...(old && old !== address ? [{ delete: keys.accountGuard(old), when: eq('userId', user.id) }] : []),
      ...alongside,
    ],
    () => new AppError('badVerificationCode'),
  );
  return { ...user, [field]: address, rev: user.rev + 1 };
}

/** An account made by a third-party sign-in has no password (an empty hash, which no password verifies) until one is set. */
export const NO_PASSWORD = '';
export const hasPassword = (user: UserRecord) => user.passwordHash !== NO_PASSWORD;

/** A user without a verification code: the local demo account and benchmark fixtures. */
export const createUser = (input: { account: string; nickname: string; passwordHash: string }) => registerUser(input, [], 'conflict');

/**
 * How long a started deletion keeps new sessions out: longer than any one quit call runs. A mark older than this
 * is a deletion that stopped midway (a crash): the person may sign in again and retry, so the address is never
 * held by an account nobody can reach.
 */
export const LEAVING_HOLD_MS = 15 * 60_000;

/** Whether a new session for the account is refused because it is being deleted right now. */
export const isLeaving = (user: UserRecord, now = Date.now()) =>
  user.leavingAt !== undefined && now - Date.parse(user.leavingAt) < LEAVING_HOLD_MS;

/**
 * Marks the account as leaving, conditional on the revision its password was checked against (a concurrent
 * password or address change makes it a conflict). A repeat of an interrupted deletion marks it again.
 */
export async function markLeaving(user: UserRecord, now = new Date()): Promise<UserRecord> {
  return userRecord.parse(
    await updateItem(
      keys.user(user.id),
      { set: { leavingAt: now.toISOString(), updatedAt: now.toISOString() }, bumpRev: true },
      { when: eq('rev', user.rev), failure: () => new AppError('conflict') },
    ),
  );
}

/** Takes the leaving mark off again: the deletion was refused after all (see `quitAccount`). */
export async function clearLeaving(user: UserRecord): Promise<void> {
  await updateItem(
    keys.user(user.id),
    { remove: ['leavingAt'], bumpRev: true },
    { when: eq('rev', user.rev), failure: () => new AppError('conflict') },
  );
}

/**
 * A transaction's check that the account is there and not being deleted: from the mark on, nobody adds it to a
 * team or a project, so the deletion's last look at its memberships stays true.
 */
export const notLeavingCheck = (userId: string, now = Date.now()): TransactOp => ({
  check: keys.user(userId),
  when: and(exists(), or(notExists('leavingAt'), lt('leavingAt', new Date(now - LEAVING_HOLD_MS).toISOString()))),
  failure: () => new AppError('notFound'),
});

/**
 * The last writes of a deletion: the account's item (only while it is marked leaving) and the guards of its
 * email and phone that are still this account's (read first: a guard is never taken from someone else), so the
 * addresses can register again.
 */
export async function deleteUserOps(user: UserRecord): Promise<TransactOp[]> {
  const addresses = [user.email, user.phone].filter((a): a is string => !!a);
  const owned = await Promise.all(addresses.map(async (a) => ((await findUserIdByAccount(a)) === user.id ? a : undefined)));
  return [
    { delete: keys.user(user.id), when: exists('leavingAt'), failure: () => new AppError('conflict') },
    ...owned
      .filter((a): a is string => !!a)
      .map((account): TransactOp => ({ delete: keys.accountGuard(account), when: eq('userId', user.id) })),
  ];
}
