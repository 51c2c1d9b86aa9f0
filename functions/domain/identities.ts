/**
 * Third-party identities (issue 25): a provider's user bound to one of our accounts. The guard item keyed by the
 * provider identity is written in the same transaction as the account's own item, so an identity can be on one
 * account only, and a bind can never move it from someone else's (no takeover). Also the short-lived records of
 * a sign-in in flight: its `state` (spent once) and the ticket of a person still to bind a phone.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { THIRD_PARTY_STATE_TTL_SECONDS, type ThirdPartyProvider } from '@shared/constants';
import { asRecord, asRecords, eq, getItem, notExists, putItem, queryAll, transact, type TransactOp } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const epoch = (ms = Date.now()) => Math.floor(ms / 1000);

export interface ProviderProfile {
  /** The provider's stable id of the person (WeChat: unionid where given, else openid). */
  subject: string;
  nickname: string;
  avatar: string | null;
}

const identityRecord = lazy(() =>
  z.object({
    provider: z.string(),
    subject: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    boundAt: z.string(),
  }),
);
export type IdentityRecord = z.infer<typeof identityRecord> & { provider: ThirdPartyProvider };

/** An identity as its owner sees it: not the provider's id of the person. */
export const toBoundIdentity = ({ provider, nickname, avatar, boundAt }: IdentityRecord) => ({ provider, nickname, avatar, boundAt });

const guardRecord = lazy(() => z.object({ userId: z.string() }));

export const findIdentityOwner = async (provider: ThirdPartyProvider, subject: string) =>
  asRecord(guardRecord, await getItem(keys.identityGuard(provider, subject), { consistent: true }))?.userId;

export const identitiesOf = async (userId: string) =>
  asRecords(identityRecord, await queryAll(keys.identitiesOfUser(userId))) as IdentityRecord[];

/**
 * The writes that bind `profile` to `userId`: the identity's guard (taken by anyone: `identityTaken`) and the
 * account's item for that provider (one already there: `providerAlreadyBound`). For a transaction of the caller.
 */
export function bindIdentityOps(userId: string, provider: ThirdPartyProvider, profile: ProviderProfile, now = new Date()): TransactOp[] {
  const identity = { provider, subject: profile.subject, nickname: profile.nickname, avatar: profile.avatar, boundAt: now.toISOString() };
  return [
    {
      put: { ...keys.identityGuard(provider, profile.subject), ...ENTITY.identityGuard, userId },
      when: notExists(),
      failure: () => new AppError('identityTaken'),
    },
    {
      put: { ...keys.identityOfUser(userId, provider), ...ENTITY.identity, ...identity },
      when: notExists(),
      failure: () => new AppError('providerAlreadyBound'),
    },
  ];
}

export async function bindIdentity(userId: string, provider: ThirdPartyProvider, profile: ProviderProfile): Promise<IdentityRecord> {
  const ops = bindIdentityOps(userId, provider, profile);
  await transact(ops, () => new AppError('conflict'));
  return identityRecord.parse((ops[1] as { put: unknown }).put) as IdentityRecord;
}

/**
 * Binds `profile` to an existing account together with `alongside` (the spent ticket and phone code), while
 * that account still exists.
 */
export async function bindIdentityWith(userId: string, provider: ThirdPartyProvider, profile: ProviderProfile, alongside: TransactOp[]) {
  await transact(
    [...bindIdentityOps(userId, provider, profile), ...alongside, { check: keys.user(userId) }],
    () => new AppError('badVerificationCode'),
  );
}

/**
 * Unbinds the account's identity of `provider`, with the user item's revision bumped on the revision read: two
 * unbinds at once cannot both pass the "another way to sign in" check. The guard goes only if still this user's.
 */
export async function unbindIdentity(user: { id: string; rev: number }, identity: IdentityRecord): Promise<void> {
  await transact(
    [
      {
        delete: keys.identityOfUser(user.id, identity.provider),
        when: eq('subject', identity.subject),
        failure: () => new AppError('notFound'),
      },
      { delete: keys.identityGuard(identity.provider, identity.subject), when: eq('userId', user.id) },
      {
        update: keys.user(user.id),
        spec: { set: { updatedAt: new Date().toISOString() }, bumpRev: true },
        when: eq('rev', user.rev),
        failure: () => new AppError('conflict'),
      },
    ],
    () => new AppError('conflict'),
  );
}

// A sign-in in flight

const stateRecord = lazy(() =>
  z.object({
    provider: z.string(),
    mode: z.enum(['login', 'bind']),
    /** The account a bind is for. */
    userId: z.string().nullable(),
    /** The hash of the browser nonce in the HttpOnly cookie: the callback must come from the browser that started. */
    nonceHash: z.string(),
    redirectUri: z.string(),
    codeVerifier: z.string().nullable(),
    f: z.string().nullable(),
    expiresAt: z.number(),
  }),
);
export type StateRecord = z.infer<typeof stateRecord>;

/** Starts a sign-in: a random `state` and browser nonce; only the nonce's hash is stored with the state. */
export async function startState(input: Omit<StateRecord, 'nonceHash' | 'expiresAt'>): Promise<{ state: string; nonce: string }> {
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  await putItem(
    {
      ...keys.oauthState(state),
      ...ENTITY.oauthState,
      ...input,
      nonceHash: sha256(nonce),
      expiresAt: epoch() + THIRD_PARTY_STATE_TTL_SECONDS,
    },
    notExists(),
  );
  return { state, nonce };
}

/**
 * Spends a state: it must exist, be live, be for this provider and kind (and a bind, for this account), and come
 * with the nonce of the browser that started it; only then is it deleted, conditionally, so a replay of the same
 * callback finds nothing. Every failure is one answer (`thirdPartyStateInvalid`). The nonce is 192 random bits.
 */
export async function spendState(
  state: string,
  expect: { provider: ThirdPartyProvider; mode: 'login' | 'bind'; nonce: string | undefined; userId?: string },
): Promise<StateRecord> {
  const key = keys.oauthState(state);
  const record = asRecord(stateRecord, await getItem(key, { consistent: true }));
  if (
    !record ||
    record.provider !== expect.provider ||
    record.mode !== expect.mode ||
    (expect.mode === 'bind' && record.userId !== expect.userId) ||
    !expect.nonce ||
    sha256(expect.nonce) !== record.nonceHash
  ) {
    throw new AppError('thirdPartyStateInvalid');
  }
  await transact([{ delete: key, when: eq('nonceHash', record.nonceHash) }], () => new AppError('thirdPartyStateInvalid'));
  return record;
}

const ticketRecord = lazy(() =>
  z.object({ provider: z.string(), subject: z.string(), nickname: z.string(), avatar: z.string().nullable(), expiresAt: z.number() }),
);
export type TicketRecord = z.infer<typeof ticketRecord> & { provider: ThirdPartyProvider };

/** A provider identity nobody has bound yet, waiting for its phone: the ticket goes to the browser, its hash here. */
export async function issueBindTicket(provider: ThirdPartyProvider, profile: ProviderProfile): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await putItem(
    {
      ...keys.bindTicket(sha256(ticket)),
      ...ENTITY.bindTicket,
      provider,
      subject: profile.subject,
      nickname: profile.nickname,
      avatar: profile.avatar,
      expiresAt: epoch() + THIRD_PARTY_STATE_TTL_SECONDS,
    },
    notExists(),
  );
  return ticket;
}

/** The live ticket and the write that spends it (for the caller's transaction), or `bindTicketInvalid`. */
export async function readBindTicket(ticket: string): Promise<{ record: TicketRecord; spend: TransactOp }> {
  const key = keys.bindTicket(sha256(ticket));
  const record = asRecord(ticketRecord, await getItem(key, { consistent: true }));
  if (!record) throw new AppError('bindTicketInvalid');
  return {
    record: record as TicketRecord,
    spend: { delete: key, when: eq('subject', record.subject), failure: () => new AppError('bindTicketInvalid') },
  };
}
