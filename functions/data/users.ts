/** User items, read by every service that shows who did something. */
import type { UserDetail } from '../../shared/schemas/account';
import { getItem } from './db';
import { keys } from './keys';

export interface UserItem {
  id: string;
  nickname: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  registeredAt: string;
  rev: number;
}

export const toUserDetail = (u: UserItem): UserDetail => ({
  id: u.id,
  nickname: u.nickname,
  avatar: u.avatar,
  email: u.email,
  phone: u.phone,
  registeredAt: u.registeredAt,
});

export async function getUser(userId: string): Promise<UserItem | undefined> {
  return getItem<UserItem & Record<string, unknown>>(keys.user(userId), { consistent: true });
}
