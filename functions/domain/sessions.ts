/**
 * Sessions: a random 256-bit token goes to the client once; only its SHA-256 is stored, so a leaked table
 * holds no usable tokens. Items expire after SESSION_TTL_SECONDS (TTL plus a read-side check).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { SESSION_TTL_SECONDS } from '@shared/constants';
import { batchWrite, deleteItem, getItem, notExists, queryAll } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

export const sessionRecord = lazy(() =>
  z.object({ userId: z.string(), tokenHash: z.string(), createdAt: z.string(), expiresAt: z.number() }),
);
export type Session = z.infer<typeof sessionRecord>;

/** A session, listed among its user's by an index entry (to sign them out everywhere). */
const sessionEntity = defineEntity({
  name: 'session',
  schema: sessionRecord,
  key: (s: Pick<Session, 'tokenHash'>) => keys.session(s.tokenHash),
  indexes: (index) => ({ gsi1: index(['userId', 'createdAt'], (s) => keys.sessionOfUser(s.userId, s.createdAt)) }),
});

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(userId: string, now = new Date()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    userId,
    tokenHash: hashToken(token),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS,
  };
  await sessionEntity.put(session, notExists());
  return { token, session };
}

export async function findSession(token: string): Promise<Session | undefined> {
  if (!token || token.length > 200) return undefined;
  return sessionEntity.parse(await getItem(keys.session(hashToken(token))));
}

export async function revokeSession(tokenHash: string): Promise<void> {
  await deleteItem(keys.session(tokenHash));
}

/** Signs a user out everywhere, except the session that asked for it. */
export async function revokeSessionsOf(userId: string, exceptTokenHash?: string): Promise<number> {
  const sessions = sessionEntity.parseAll(await queryAll(keys.sessionsOfUser(userId)));
  const doomed = sessions.filter((s) => s.tokenHash !== exceptTokenHash).map((s) => keys.session(s.tokenHash));
  await batchWrite({ deletes: doomed });
  return doomed.length;
}
