/**
 * Fixed-window counters that slow down guessing and spraying. Sign-in failures are counted three ways:
 * - per account *and* address, for the short lock: a stranger failing from their address cannot lock the owner out;
 * - per account over an hour: past 100 (OWASP ASVS 2.2.1) a sign-in needs a code sent to the account as well (a
 *   step-up, not a lock, so strangers spread over many addresses cannot lock the owner out);
 * - per address, across accounts, against one machine spraying many accounts.
 * Verification codes are limited per address too (per target, codes.ts limits them), so nobody can mail-bomb or
 * probe the user base from one machine. Share password guesses are limited per share and per address. Past a limit the request is refused before any password is checked,
 * which also keeps an attacker from using our scrypt cost against us.
 */
import {
  CODE_SENDS_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_PAIR,
  PROXY_SENDS_PER_USER,
  SHARE_GUESSES_PER_ADDRESS,
  SHARE_GUESSES_PER_SHARE,
} from '@shared/constants';
import type { ErrorKey } from '@shared/errors';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { asRecord, deleteItem, expired, getItem, lt, notExists, or, skip, updateItem } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { env } from '../env';
import { AppError } from '../runtime/app-error';

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

/** Opens a new window for a counter when none is open (none yet, or the last one expired); false when one is. */
const openWindow = async (key: ReturnType<typeof keys.throttle>, now: number, seconds: number) =>
  (await updateItem(
    key,
    { set: { ...ENTITY.throttle, count: 1, expiresAt: now + seconds } },
    { when: or(notExists(), expired(now)), failure: skip },
  )) !== undefined;

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

/** Counts one more event for each subject: a new window when none is open, else one more in the open one. */
export async function countEvent(subjects: Subject[], nowMs = Date.now()) {
  const now = nowSeconds(nowMs);
  await Promise.all(
    subjects.map(async ([name, id]) => {
      const key = keys.throttle(name, id);
      if (!(await openWindow(key, now, windowOf(name).seconds))) await updateItem(key, { add: { count: 1 } });
    }),
  );
}

/** Counts an event only while under the limit, atomically; past it, refuses (`refusal`) with the seconds to wait. */
export async function consume([name, id]: Subject, refusal: ErrorKey = 'tooManyRequests', nowMs = Date.now()) {
  const now = nowSeconds(nowMs);
  const { limit, seconds } = windowOf(name);
  const key = keys.throttle(name, id);
  if (await openWindow(key, now, seconds)) return;
  await updateItem(
    key,
    { add: { count: 1 } },
    {
      when: lt('count', limit),
      failure: (current) => new AppError(refusal, { seconds: Math.max(1, Number(current?.expiresAt ?? now + seconds) - now) }),
    },
  );
}

export async function clearCounter([name, id]: Subject) {
  await deleteItem(keys.throttle(name, id));
}
