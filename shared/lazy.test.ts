import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazy } from './lazy';

describe('lazy', () => {
  it('builds nothing until first used, then once', () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.object({ id: z.string() });
    });
    const list = z.array(schema);
    expect(builds).toBe(0);
    expect(list.parse([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(schema.parse({ id: 'c' })).toEqual({ id: 'c' });
    expect(builds).toBe(1);
  });

  it('stands for the schema wherever zod takes one', () => {
    const id = lazy(() => z.string().regex(/^[a-z]+$/));
    const item = lazy(() => z.object({ id, tags: z.array(id).default([]) }));
    expect(id).toBeInstanceOf(z.ZodString);
    expect(item.extend({ n: z.number() }).parse({ id: 'a', n: 1 })).toEqual({ id: 'a', tags: [], n: 1 });
    expect(item.safeParse({ id: 'A1' }).success).toBe(false);
    expect(z.union([id, z.null()]).optional().parse(undefined)).toBeUndefined();
    expect(Object.keys(item.shape)).toEqual(['id', 'tags']);
  });

  it('hands out the keys and values of a built object, so it spreads', () => {
    const shapes = lazy(() => ({ a: 1, b: 2 }));
    expect({ ...shapes }).toEqual({ a: 1, b: 2 });
    expect(Object.entries(shapes)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect('a' in shapes).toBe(true);
  });
});
