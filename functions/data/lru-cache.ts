/**
 * The least-recently-used cache the DynamoDB client's endpoint discovery keeps its endpoints in, standing in for
 * `mnemonist/lru-cache` in the Lambda bundles (scripts/build-functions.ts aliases it). The client constructs it
 * whether or not discovery is on (it is off for us); mnemonist's version and the iterator library under it are
 * 7 KB of a bundle kept under 400 KB. A Map keeps insertion order, so its first key is the least recently used.
 * Only the methods the endpoint cache calls are here.
 */
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size() {
    return this.entries.size;
  }

  has(key: K) {
    return this.entries.has(key);
  }

  /** Reads without counting as a use. */
  peek(key: K) {
    return this.entries.get(key);
  }

  get(key: K) {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear() {
    this.entries.clear();
  }
}
