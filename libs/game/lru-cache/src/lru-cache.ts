/** How much an {@link LruCache} may hold: entries, and the sum of their weights (the caller's unit, e.g. bytes). */
export interface LruLimits {
  readonly maxEntries: number;
  /** No limit when absent: only the count bounds the cache, and the weights `set` is given are not kept. */
  readonly maxWeight?: number;
}

/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries` or their weights
 * sum to more than `maxWeight`. `set` and `get` count as a use, `peek` does not (a cache whose order is by write,
 * or by first write, reads with `peek`); an entry heavier than `maxWeight` alone is not kept. Map iteration order
 * is insertion order, so a use moves the entry to the end and the oldest is first.
 *
 * The values are held as they are, with no wrapper per entry, and the weights in a second map only when the
 * cache has a weight limit: a hit costs what a hand-written `Map` LRU costs (a lookup, a delete and a set) and
 * allocates nothing, which the hot paths need (the CPU seats' memo, the GraphQL admission's parsed documents).
 * A value of `undefined` reads as absent.
 */
export class LruCache<K, V> {
  private readonly values = new Map<K, V>();
  /** Each entry's weight, when there is a weight limit; without one the weight sum is not kept either. */
  private readonly weights: Map<K, number> | null;
  private total = 0;

  private readonly maxEntries: number;
  private readonly maxWeight: number;

  constructor({ maxEntries, maxWeight }: LruLimits) {
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight ?? Number.POSITIVE_INFINITY;
    this.weights = maxWeight === undefined ? null : new Map();
  }

  get size(): number {
    return this.values.size;
  }

  /** The sum of the kept entries' weights (without a weight limit, each entry weighs 1: the count). */
  get weight(): number {
    return this.weights ? this.total : this.values.size;
  }

  /** The value, counted as a use: it becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  /** The value, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Keeps the value as the most recently used, then forgets the oldest entries until the limits hold. */
  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.maxWeight || this.maxEntries < 1) return;
    this.values.set(key, value);
    if (this.weights) {
      this.weights.set(key, weight);
      this.total += weight;
    }
    while (this.values.size > this.maxEntries || this.total > this.maxWeight) this.evictOldest();
  }

  delete(key: K): void {
    if (!this.values.delete(key) || !this.weights) return;
    this.total -= this.weights.get(key) as number;
    this.weights.delete(key);
  }

  private evictOldest(): void {
    const oldest = this.values.keys().next();
    if (!oldest.done) this.delete(oldest.value);
  }
}
