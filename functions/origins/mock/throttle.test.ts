import { describe, expect, it } from 'vitest';
import { tokenBuckets } from './throttle';

describe('mock throttle', () => {
  it('admits a burst, then refuses with a retry time, then refills at the rate', () => {
    const buckets = tokenBuckets({ perSecond: 10, burst: 3 });
    const t = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('p', t).ok)).toEqual([true, true, true]);
    expect(buckets.take('p', t)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take('p', t + 100).ok).toBe(true);
    expect(buckets.take('p', t + 100).ok).toBe(false);
  });

  it('keeps projects apart and forgets the idlest past its size', () => {
    const buckets = tokenBuckets({ perSecond: 1, burst: 1, maxProjects: 2 });
    expect(buckets.take('a', 0).ok).toBe(true);
    expect(buckets.take('b', 0).ok).toBe(true);
    expect(buckets.take('a', 0).ok).toBe(false);
    expect(buckets.take('c', 0).ok).toBe(true);
    // `b` was the idlest when `c` came: it starts again full.
    expect(buckets.take('b', 0).ok).toBe(true);
  });
});
