/**
 * Six-digit verification codes: valid 10 minutes, one send per target per minute and ten a day, five wrong
 * tries before the code is void. Only a hash of the code is stored.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_MAX_PER_DAY,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
  type CodePurpose,
} from '@shared/constants';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  and,
  asRecord,
  eq,
  exists,
  expired,
  getItem,
  gt,
  lt,
  notExists,
  or,
  putItem,
  skip,
  transact,
  updateItem,
  type TransactOp,
} from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';

const codeRecord = lazy(() =>
  z.object({
    codeHash: z.string(),
    sentAt: z.number(),
    codeExpiresAt: z.number(),
    attempts: z.number(),
    dayStart: z.number(),
    sentToday: z.number(),
    expiresAt: z.number(),
  }),
);

interface CodeItem {
  codeHash: string;
  sentAt: number;
  codeExpiresAt: number;
  attempts: number;
  dayStart: number;
  sentToday: number;
  /** TTL: the item (and its daily count) lives for a day after the first send of the day. */
  expiresAt: number;
}

const DAY = 86_400;
const hashCode = (purpose: CodePurpose, target: string, code: string) =>
  createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');

/** Issues a code, or refuses with the seconds to wait. Returns the code for the sender. */
export async function issueCode(purpose: CodePurpose, target: string, nowMs = Date.now()): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  const key = keys.verificationCode(purpose, target);
  const previous = asRecord(codeRecord, await getItem(key, { consistent: true }));
  const sameDay = previous && previous.dayStart + DAY > now;
  if (previous && previous.sentAt + VERIFICATION_CODE_RESEND_SECONDS > now) {
    throw new AppError('tooManyRequests', { seconds: previous.sentAt + VERIFICATION_CODE_RESEND_SECONDS - now });
  }
  if (sameDay && previous.sentToday >= VERIFICATION_CODE_MAX_PER_DAY) {
    throw new AppError('tooManyRequests', { seconds: previous.dayStart + DAY - now });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const dayStart = sameDay ? previous.dayStart : now;
  const item: CodeItem = {
    codeHash: hashCode(purpose, target, code),
    sentAt: now,
    codeExpiresAt: now + VERIFICATION_CODE_TTL_SECONDS,
    attempts: 0,
    dayStart,
    sentToday: (sameDay ? previous.sentToday : 0) + 1,
    expiresAt: dayStart + DAY,
  };
  // Conditional on what was read, so two simultaneous sends cannot both pass the limits.
  await putItem(
    { ...key, ...ENTITY.verificationCode, ...item },
    {
      when: previous ? eq('sentAt', previous.sentAt) : or(notExists(), expired(now)),
      failure: () => new AppError('tooManyRequests', { seconds: VERIFICATION_CODE_RESEND_SECONDS }),
    },
  );
  return code;
}

/**
 * A code whose message could not be sent: nobody has it, so it is void, and the person may ask again at once (the
 * resend wait is lifted; the day's count stays). Only that code: a newer one issued meanwhile is left alone.
 */
export async function withdrawCode(purpose: CodePurpose, target: string, code: string): Promise<void> {
  await updateItem(
    keys.verificationCode(purpose, target),
    { set: { codeExpiresAt: 0, sentAt: 0 } },
    { when: eq('codeHash', hashCode(purpose, target, code)), failure: skip },
  );
}

/**
 * Checks a code and returns the transaction operation that consumes it; the caller commits that together with
 * its own writes so a code is used at most once. Every check spends a try before it compares, in one conditional
 * write (`attempts < max` and the code still live) that answers the new count: however many guesses arrive
 * together, at most VERIFICATION_CODE_MAX_ATTEMPTS of them are ever compared.
 */
export async function checkCode(purpose: CodePurpose, target: string, code: string, nowMs = Date.now()): Promise<TransactOp> {
  const now = Math.floor(nowMs / 1000);
  const key = keys.verificationCode(purpose, target);
  const spent = await updateItem(
    key,
    { add: { attempts: 1 } },
    {
      when: and(exists(), gt('codeExpiresAt', now), lt('attempts', VERIFICATION_CODE_MAX_ATTEMPTS)),
      failure: () => new AppError('badVerificationCode'),
    },
  );
  const item = asRecord(codeRecord, spent);
  if (!item) throw new AppError('badVerificationCode');
  const given = Buffer.from(hashCode(purpose, target, code));
  if (!timingSafeEqual(given, Buffer.from(item.codeHash))) throw new AppError('badVerificationCode');
  return { delete: key, when: eq('codeHash', item.codeHash) };
}

/**
 * Checks a code that guards no write of its own (the sign-in step-up): the check now, and a spend to call once
 * the rest of the request has passed, so a code is good for one sign-in.
 */
export async function checkCodeToSpend(
  purpose: CodePurpose,
  target: string,
  code: string,
  nowMs = Date.now(),
): Promise<() => Promise<void>> {
  const consume = await checkCode(purpose, target, code, nowMs);
  return async () => {
    await transact([consume], () => new AppError('badVerificationCode'));
  };
}
