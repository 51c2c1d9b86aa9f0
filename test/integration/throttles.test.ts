import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SHARE_GUESSES_PER_SHARE } from '@shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { getItem } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { keys } from '../../functions/data/keys';
import { assertUnderLimits, consume, countEvent, type Subject } from '../../functions/domain/throttles';
import { AppError } from '../../functions/core/app-error';

// The counters against DynamoDB Local: what each event costs in writes, and that limits hold when requests race.
const subject = (): Subject => ['shareGuess', `throttle-test-${Math.random().toString(36).slice(2)}`];
const { limit, seconds } = SHARE_GUESSES_PER_SHARE;
// Far ahead: reads treat a counter whose time-to-live has passed as gone.
const T0 = Date.UTC(2100, 0, 1);

async function writesOf(work: () => Promise<unknown>) {
  const spy = vi.spyOn(dynamo(), 'send');
  try {
    await work();
    return spy.mock.calls.filter(([command]) => command instanceof UpdateCommand).length;
  } finally {
    spy.mockRestore();
  }
}

const counter = ([name, id]: Subject) => getItem<{ count: number; expiresAt: number }>(keys.throttle(name, id));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as AppError,
  );

describe('throttle counters', () => {
  it('cost one write an event, the first of a window included, and refuse past the limit with the seconds left', async () => {
    const s = subject();
    for (let i = 0; i < limit; i++) expect(await writesOf(() => consume(s, 'tooManyRequests', T0 + i * 1000))).toBe(1);
    expect(await counter(s)).toMatchObject({ count: limit, expiresAt: T0 / 1000 + seconds });

    const refused = await refusal(consume(s, 'tooManyRequests', T0 + 100_000));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused!.key).toBe('tooManyRequests');
    expect(refused!.params).toEqual({ seconds: seconds - 100 });
    expect((await counter(s))!.count).toBe(limit);
  });

  it('start a new window with the first event after the last one expired', async () => {
    const s = subject();
    for (let i = 0; i < limit; i++) await consume(s, 'tooManyRequests', T0);
    const later = T0 + seconds * 1000;
    expect(await writesOf(() => consume(s, 'tooManyRequests', later))).toBe(2);
    expect(await counter(s)).toEqual(expect.objectContaining({ count: 1, expiresAt: later / 1000 + seconds }));

    // Counting without a limit (sign-in failures) goes past it, is refused by the check, and restarts the same way.
    const failures = subject();
    for (let i = 0; i <= limit; i++) expect(await writesOf(() => countEvent([failures], T0))).toBe(1);
    expect((await counter(failures))!.count).toBe(limit + 1);
    expect((await refusal(assertUnderLimits([failures], T0)))?.key).toBe('tooManyRequests');
    await countEvent([failures], later);
    expect((await counter(failures))!.count).toBe(1);
    await expect(assertUnderLimits([failures], later)).resolves.toBeUndefined();
  });

  it('admit exactly the limit when many requests race, in a new window and over an expired one', async () => {
    for (const expiredFirst of [false, true]) {
      const s = subject();
      if (expiredFirst) for (let i = 0; i < limit; i++) await consume(s, 'tooManyRequests', T0 - seconds * 1000);
      const outcomes = await Promise.all(Array.from({ length: limit * 3 }, () => refusal(consume(s, 'tooManyRequests', T0))));
      expect(outcomes.filter((o) => o === undefined)).toHaveLength(limit);
      expect((await counter(s))!.count).toBe(limit);
    }
  });
});
