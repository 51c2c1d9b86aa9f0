/**
 * What happens when DynamoDB or S3 throttles or fails for a moment. Three layers, each with a cap:
 * 1. the SDK's own retry, configured here for both clients: exponential backoff with full jitter (a random wait
 *    between 0 and base × 2^attempt, at most `capMs`), so many callers throttled at once spread out instead of
 *    retrying in step;
 * 2. our retries, with the same backoff, for what the SDK hands back as a success or a client error although it
 *    is throttling: items a batch left unprocessed, a transaction cancelled by a conflict or a throttle, a write
 *    refused while a transaction held its item, objects a multi-object delete could not delete;
 * 3. past either cap, one catalogued error, `serviceBusy` ("the service is busy, please try again"), instead of a
 *    system error: the caller's request is fine, the moment was not.
 * Which errors count as throttling or transient is the SDK's own classification, so both layers agree.
 */
import { ConfiguredRetryStrategy, isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import { AppError } from '../core/app-error';

export interface Backoff {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
}

/** DynamoDB answers in milliseconds: retry soon, often enough to ride out a burst of throttling. */
export const DYNAMO_SDK_RETRY: Backoff = { maxAttempts: 6, baseMs: 25, capMs: 2_000 };
/** S3 asks callers that get SlowDown to back off for longer. */
export const S3_SDK_RETRY: Backoff = { maxAttempts: 5, baseMs: 100, capMs: 5_000 };
/** Our own retries of unprocessed items and cancelled transactions (each attempt already had the SDK's). */
export const OWN_RETRY: Backoff = { maxAttempts: 8, baseMs: 50, capMs: 3_000 };

/** Full jitter: a uniformly random wait up to the exponential bound. `attempt` counts from 1. */
export const fullJitter = (attempt: number, backoff: Pick<Backoff, 'baseMs' | 'capMs'>) =>
  Math.floor(Math.random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** attempt));

/** The SDK client options that make its retry ours: attempts and a full-jitter backoff. */
export const sdkRetryConfig = (backoff: Backoff) => ({
  maxAttempts: backoff.maxAttempts,
  retryStrategy: new ConfiguredRetryStrategy(backoff.maxAttempts, (attempt) => fullJitter(attempt, backoff)),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error once retries are spent: the catalogued "busy", with what was exhausted kept for the log. */
export const serviceBusy = (cause: unknown) => Object.assign(new AppError('serviceBusy'), { cause });

/**
 * Runs `attempt` until it reports no work left, waiting a full-jitter backoff between tries; past the cap, throws
 * `serviceBusy`. `attempt` answers `done` or what still has to be retried (it is handed back on the next call).
 */
export async function retryUntilDone<W>(
  work: W,
  attempt: (work: W) => Promise<{ done: true } | { retry: W; because: string }>,
  backoff: Backoff = OWN_RETRY,
): Promise<void> {
  let pending = work;
  for (let n = 1; ; n++) {
    const outcome = await attempt(pending);
    if ('done' in outcome) return;
    if (n >= backoff.maxAttempts) throw serviceBusy(new Error(`${outcome.because} after ${n} attempts`));
    pending = outcome.retry;
    await sleep(fullJitter(n, backoff));
  }
}

/** Throttled, or failed in a way a later try may not (5xx, time-outs, dropped connections). */
export function isOverloaded(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const sdkError = err as Parameters<typeof isThrottlingError>[0];
  return isThrottlingError(sdkError) || isTransientError(sdkError) || isServerError(sdkError);
}

/** Sends through `send`; what is still overloaded after the SDK's retries becomes `serviceBusy`. */
export async function busyWhenOverloaded<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    throw isOverloaded(err) ? serviceBusy(err) : err;
  }
}
