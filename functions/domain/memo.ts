/**
 * A small in-memory cache for a function instance: entries live `ttlMs` (or forever, for what never changes) and
 * the oldest go first past `max` entries. It spares DynamoDB and S3 a burst of identical reads (a share link opened
 * by hundreds of people in a minute); anything that must be exact is still read on every request.
 */
export function memo<V>(opts: { ttlMs: number; max: number }) {
  const entries = new Map<string, { value: Promise<V>; until: number }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { value, until: now + opts.ttlMs });
      // A failed load is not remembered.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > opts.max) entries.delete(entries.keys().next().value!);
      return value;
    },
    forget(key: string) {
      entries.delete(key);
    },
  };
}
