/** How much an {@link LruCache} may hold: entries, and the sum of their weights (the caller's unit, e.g. bytes). */
export interface LruLimits {
  readonly maxEntries: number;
  /** No limit when absent (each entry then weighs what `set` says, 1 by default, and only the count bounds it). */
  readonly maxWeight?: number;
}

interface Entry<V> {
  readonly value: V;
  readonly weight: number;
}

/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries` or their weights
 * sum to more than `maxWeight`. A read (`get`) counts as a use; an entry heavier than `maxWeight` alone is not
 * kept. Map iteration order is insertion order, so a use moves the entry to the end and the oldest is first.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private total = 0;

  private readonly maxEntries: number;
  private readonly maxWeight: number;

  constructor({ maxEntries, maxWeight = Number.POSITIVE_INFINITY }: LruLimits) {
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the kept entries' weights. */
  get weight(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.maxWeight || this.maxEntries < 1) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    while (this.entries.size > this.maxEntries || this.total > this.maxWeight) this.evictOldest();
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.delete(oldest.value);
  }
}
