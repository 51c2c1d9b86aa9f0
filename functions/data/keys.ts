/**
 * Every key of the single table is built here; handlers never assemble key strings.
 *
 * Access patterns (table: pk/sk; gsi1: gsi1pk/gsi1sk; gsi2: gsi2pk/gsi2sk):
 *   user by id ..................... pk USER#<userId>                sk PROFILE
 *   user id by email or phone ...... pk ACCOUNT#<account>           sk GUARD       (guard item: uniqueness)
 *   session by token hash .......... pk SESSION#<sha256(token)>     sk SESSION     (TTL expiresAt)
 *   sessions of a user ............. gsi1 USER#<userId>#SESSIONS    gsi1sk <createdAt ISO>
 *   verification code .............. pk CODE#<purpose>#<target>     sk CODE        (TTL expiresAt)
 *   failed sign-in counter ......... pk THROTTLE#LOGIN#<scope>#<id> sk THROTTLE    (TTL expiresAt)
 *   local outbox (dev only) ........ pk OUTBOX                      sk <sentAt ISO>#<id> (TTL expiresAt)
 */
import type { CodePurpose } from '../../shared/constants';

export interface Key {
  pk: string;
  sk: string;
}

export const keys = {
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  accountGuard: (account: string): Key => ({ pk: `ACCOUNT#${account}`, sk: 'GUARD' }),
  session: (tokenHash: string): Key => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  sessionsOfUser: (userId: string) => ({ gsi1pk: `USER#${userId}#SESSIONS` }),
  verificationCode: (purpose: CodePurpose, target: string): Key => ({ pk: `CODE#${purpose}#${target}`, sk: 'CODE' }),
  loginThrottle: (scope: 'ACCOUNT' | 'ADDRESS', id: string): Key => ({
    pk: `THROTTLE#LOGIN#${scope}#${id}`,
    sk: 'THROTTLE',
  }),
  outbox: () => ({ pk: 'OUTBOX' }),
  outboxEntry: (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` }),
} as const;

/** Entity names stored on every item, with the schema version of that entity's shape. */
export const ENTITY = {
  user: { entity: 'user', v: 1 },
  accountGuard: { entity: 'accountGuard', v: 1 },
  session: { entity: 'session', v: 1 },
  verificationCode: { entity: 'verificationCode', v: 1 },
  loginThrottle: { entity: 'loginThrottle', v: 1 },
  outbox: { entity: 'outbox', v: 1 },
} as const;
