/**
 * Token buckets per project: each project's mocks take `perSecond` requests a second with bursts up to `burst`,
 * in this function instance. Buckets of idle projects are dropped first past `maxProjects`, so requests naming
 * random project ids cannot grow the map without bound.
 */
interface Buckets {
  /** Takes one token for `key`: ok, or how many seconds until one is available. */
  take(key: string, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function tokenBuckets(opts: { perSecond: number; burst: number; maxProjects?: number }): Buckets {
  const max = opts.maxProjects ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key, now = Date.now()) {
      const bucket = buckets.get(key) ?? { tokens: opts.burst, at: now };
      bucket.tokens = Math.min(opts.burst, bucket.tokens + ((now - bucket.at) / 1000) * opts.perSecond);
      bucket.at = now;
      // Most recently used last: the first entries are the idlest.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > max) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / opts.perSecond)) };
    },
  };
}
