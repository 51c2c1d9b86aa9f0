/** Users and the guard items that keep each email and phone number unique. */
import { randomUUID } from 'node:crypto';
import { isEmail } from '../../../shared/schemas/account';
import { getItem, transact, updateItem, type TransactOp } from '../../data/db';
import { ENTITY, keys } from '../../data/keys';
import type { UserItem } from '../../data/users';

/**
 * The writes that create a user: the user item and its account guard, both conditional, for one transaction.
 * `extra` lets the caller add operations that must succeed together (consuming the verification code).
 */
export function newUserOps(input: { account: string; nickname: string; passwordHash: string }, now = new Date()) {
  const id = randomUUID();
  const user: UserItem = {
    id,
    nickname: input.nickname,
    avatar: null,
    email: isEmail(input.account) ? input.account : null,
    phone: isEmail(input.account) ? null : input.account,
    passwordHash: input.passwordHash,
    registeredAt: now.toISOString(),
    rev: 1,
  };
  const ops: TransactOp[] = [
    { put: { ...keys.user(id), ...ENTITY.user, ...user }, cond: { ifNotExists: true } },
    { put: { ...keys.accountGuard(input.account), ...ENTITY.accountGuard, userId: id }, cond: { ifNotExists: true } },
  ];
  return { user, ops, guardIndex: 1 };
}

export async function createUser(input: { account: string; nickname: string; passwordHash: string }) {
  const { user, ops } = newUserOps(input);
  await transact(ops);
  return user;
}

export async function findUserIdByAccount(account: string): Promise<string | undefined> {
  const guard = await getItem<{ userId: string }>(keys.accountGuard(account), { consistent: true });
  return guard?.userId;
}

export async function updateUser(
  userId: string,
  changes: Partial<Pick<UserItem, 'nickname' | 'avatar' | 'passwordHash'>>,
  expectedRev?: number,
) {
  return updateItem<UserItem & Record<string, unknown>>(
    keys.user(userId),
    { set: { ...changes, updatedAt: new Date().toISOString() }, bumpRev: true },
    expectedRev === undefined ? { ifExists: true } : { ifRev: expectedRev },
  );
}
