/**
 * Fixed-window counters that slow down guessing and spraying. Sign-in failures are counted three ways:
 * - per account *and* address, for the short lock: a stranger failing from their address cannot lock the owner out;
 * - per account over an hour: past 100 (OWASP ASVS 2.2.1) a sign-in needs a code sent to the account as well (a
 *   step-up, not a lock, so strangers spread over many addresses cannot lock the owner out);
 * - per address, across accounts, against one machine spraying many accounts.
 * Verification codes are limited per address too (per target, codes.ts limits them), so nobody can mail-bomb or
 * probe the user base from one machine. Share password guesses are limited per share and per address; the open
 * API's requests per project token. Past a limit the request is refused before any password is checked,
 * which also keeps an attacker from using our scrypt cost against us.
 */
import {
  CODE_SENDS_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_PAIR,
  OPEN_API_REQUESTS_PER_TOKEN,
  PROXY_SENDS_PER_USER,
  SHARE_GUESSES_PER_ADDRESS,
  SHARE_GUESSES_PER_SHARE,
} from '@shared/constants';
import type { ErrorKey } from '@shared/errors';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { and, asRecord, deleteItem, expired, getItem, gt, lt, notExists, or, skip, updateItem } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { TABLE } from '../data/table';
import { env } from '../env';
import { AppError } from '../core/app-error';

interface Window {
  limit: number;
  seconds: number;
}

const WINDOWS = {
  loginPair: LOGIN_FAILURES_PER_PAIR,
  loginAccount: LOGIN_FAILURES_PER_ACCOUNT,
  loginAddress: LOGIN_FAILURES_PER_ADDRESS,
  codeAddress: CODE_SENDS_PER_ADDRESS,
  shareGuess: SHARE_GUESSES_PER_SHARE,
  shareGuessAddress: SHARE_GUESSES_PER_ADDRESS,
  proxySend: PROXY_SENDS_PER_USER,
  openApiToken: OPEN_API_REQUESTS_PER_TOKEN,
} satisfies Record<string, Window>;

export type CounterName = keyof typeof WINDOWS;
export type Subject = [CounterName, string];

/** A deployment may set the per-address code limit (a shared office address, or a test run of many sign-ups). */
const windowOf = (name: CounterName): Window =>
  name === 'codeAddress' && env().CODE_SENDS_PER_ADDRESS !== undefined
    ? { ...WINDOWS[name], limit: env().CODE_SENDS_PER_ADDRESS! }
    : WINDOWS[name];

const counterRecord = lazy(() => z.object({ count: z.number(), expiresAt: z.number() }));

const nowSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

type ThrottleKey = ReturnType<typeof keys.throttle>;
/** A window ends when its counter expires: the table's time-to-live attribute, which also clears old counters. */
const TTL = TABLE.ttlAttribute;

/**
 * Counts one event in the counter's open window, and opens the window when the counter is new: one write for nearly
 * every event. With `limit`, only while the window holds fewer events than that. Answers whether it counted, and
 * otherwise the counter as it stands (its window expired, or it is full).
 */
async function countInWindow(key: ThrottleKey, now: number, seconds: number, limit?: number) {
  let current: Record<string, unknown> | undefined;
  const open = gt(TTL, now);
  const written = await updateItem(
    key,
    { set: { ...ENTITY.throttle }, setIfMissing: { [TTL]: now + seconds }, add: { count: 1 } },
    {
      when: or(notExists(), limit === undefined ? open : and(open, lt('count', limit))),
      failure: (item) => {
        current = item;
        return undefined;
      },
    },
  );
  return { counted: written !== undefined, current };
}

/** Starts a new window over an expired one; false when another request already did. */
const reopenWindow = async (key: ThrottleKey, now: number, seconds: number) =>
  (await updateItem(key, { set: { ...ENTITY.throttle, count: 1, [TTL]: now + seconds } }, { when: expired(now), failure: skip })) !==
  undefined;

/** Refuses when any subject has reached its limit in its open window. */
export async function assertUnderLimits(subjects: Subject[], nowMs = Date.now()) {
  const now = nowSeconds(nowMs);
  const counters = await Promise.all(subjects.map(async ([name, id]) => asRecord(counterRecord, await getItem(keys.throttle(name, id)))));
  counters.forEach((counter, i) => {
    if (counter && counter.count >= windowOf(subjects[i]![0]).limit) {
      throw new AppError('tooManyRequests', { seconds: Math.max(1, counter.expiresAt - now) });
    }
  });
}

/** True when the subject has reached its limit in its open window. */
export async function overLimit([name, id]: Subject, nowMs = Date.now()): Promise<boolean> {
  const counter = asRecord(counterRecord, await getItem(keys.throttle(name, id)));
  return counter !== undefined && counter.expiresAt > nowSeconds(nowMs) && counter.count >= windowOf(name).limit;
}

/** Counts one more event for each subject: one more in its open window, or the first of a new one. */
export async function countEvent(subjects: Subject[], nowMs = Date.now()) {
  const now = nowSeconds(nowMs);
  await Promise.all(
    subjects.map(async ([name, id]) => {
      const key = keys.throttle(name, id);
      const { seconds } = windowOf(name);
      if ((await countInWindow(key, now, seconds)).counted || (await reopenWindow(key, now, seconds))) return;
      // Another request reopened the window between our two writes: count in it.
      await countInWindow(key, now, seconds);
    }),
  );
}

/** Counts an event only while under the limit, atomically; past it, refuses (`refusal`) with the seconds to wait. */
export async function consume([name, id]: Subject, refusal: ErrorKey = 'tooManyRequests', nowMs = Date.now()): Promise<void> {
  const now = nowSeconds(nowMs);
  const { limit, seconds } = windowOf(name);
  const key = keys.throttle(name, id);
  const { counted, current } = await countInWindow(key, now, seconds, limit);
  if (counted) return;
  const until = Number(current?.[TTL] ?? 0);
  if (until > now) throw new AppError(refusal, { seconds: Math.max(1, until - now) });
  // The window expired: a new one starts with this event, unless another request started it first.
  if (!(await reopenWindow(key, now, seconds))) await consume([name, id], refusal, nowMs);
}

export async function clearCounter([name, id]: Subject) {
  await deleteItem(keys.throttle(name, id));
}
