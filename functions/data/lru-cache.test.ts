import { describe, expect, it } from 'vitest';
import LRUCache from './lru-cache';

describe('the endpoint cache LRU', () => {
  it('evicts the least recently used entry past its capacity; a peek is not a use', () => {
    const cache = new LRUCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    expect(cache.peek('b')).toBe(2);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.size]).toEqual([true, false, true, 2]);
    cache.set('a', 4).set('d', 5);
    expect([cache.get('a'), cache.has('c'), cache.get('d')]).toEqual([4, false, 5]);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
