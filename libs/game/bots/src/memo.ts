import { LRUCache } from 'lru-cache';

/**
 * A bounded cache of a pure function's results by a key that names every input (docs/adr/0033). A CPU seat's
 * decision recomputes the same small distributions many times a round — an opponent's hand posterior stays the
 * same until that opponent bids again, and every seat at the table reads it — so a hit returns the very numbers
 * a computation would: decisions do not change, only their cost. Results are frozen (they are shared); the least
 * recently used key goes first once `limit` are kept.
 */
export class Memo<V extends object> {
  private readonly kept: LRUCache<string, V>;

  constructor(limit: number) {
    this.kept = new LRUCache({ max: limit });
  }

  get(key: string, compute: () => V): V {
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    const value = deepFreeze(compute());
    this.kept.set(key, value);
    return value;
  }
}

/** Freezes a plain value and everything in it: a result shared by many readers must not be written into. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
