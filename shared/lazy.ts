/**
 * A value built the first time anything reads it (not zod's `z.lazy`, which defers one schema inside another).
 *
 * Building zod schemas is not free: each is an object of some fifty methods, and the route table's few hundred
 * cost a Lambda about 20 ms of its cold start, although a request validates with the few of its own route and no
 * function ever parses a response. So every schema in shared/schemas is written `lazy(() => z.object({ … }))`:
 * the module hands out a stand-in at once, and the schema is built on its first use (a parse, a `.optional()`, a
 * read of `.shape`), once. Types are the built value's, so nothing else changes for a reader or a caller.
 *
 * The stand-in is a Proxy that forwards every operation (reads, writes, `in`, `instanceof`, keys, spreads) to the
 * built value.
 */
export function lazy<T extends object>(build: () => T): T {
  let value: T | undefined;
  const built = () => (value ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, v) => Reflect.set(built(), key, v),
    has: (_, key) => Reflect.has(built(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(built()),
    // The stand-in itself holds nothing, and a Proxy may report only configurable properties it does not hold.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
