import fc from 'fast-check';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('given more entries than allowed, when one more is set, then the least recently used leaves (a read counts as a use)', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2, maxWeight: 100 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);

    cache.set('c', 3);

    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('given weights over the limit, when a heavy entry is set, then the oldest leave until the sum fits', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 4);

    cache.set('c', 'c', 5);

    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
    expect(cache.weight).toBe(9);
  });

  it('given an entry heavier than the whole limit, when set, then it is not kept and nothing else leaves for it', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'a', 3);

    cache.set('huge', 'huge', 11);

    expect([cache.get('a'), cache.get('huge'), cache.size, cache.weight]).toEqual(['a', undefined, 1, 3]);
  });

  it('given a key set again, when its weight changes, then the total counts it once, at its new weight', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'a1', 3);

    cache.set('a', 'a2', 6);

    expect([cache.get('a'), cache.size, cache.weight]).toEqual(['a2', 1, 6]);
  });

  it('given any sequence of sets, gets and deletes, then it never holds more than its limits and its weight is the sum of what it holds', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 9 }), weight: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constantFrom('get' as const, 'delete' as const), key: fc.integer({ min: 0, max: 9 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const cache = new LruCache<number, number>({ maxEntries: 4, maxWeight: 12 });
        const weights = new Map<number, number>();
        for (const step of ops) {
          if (step.kind === 'set') cache.set(step.key, step.key, step.weight);
          else if (step.kind === 'get') cache.get(step.key);
          else cache.delete(step.key);
          if (step.kind === 'set') weights.set(step.key, step.weight);
        }
        const held = [...weights.keys()].filter((key) => cache.get(key) !== undefined);
        expect(cache.size).toBe(held.length);
        expect(cache.size).toBeLessThanOrEqual(4);
        expect(cache.weight).toBe(held.reduce((sum, key) => sum + (weights.get(key) ?? 0), 0));
        expect(cache.weight).toBeLessThanOrEqual(12);
      }),
    );
  });

  it('given a peek, then the order is left alone: the entry read leaves first as if never read', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);

    cache.set('c', 3);

    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 2, 3]);
  });

  /** The reference: the entries in an array, least recently used first, every limit checked by a plain scan. */
  class Reference {
    readonly entries: { key: number; value: number; weight: number }[] = [];
    constructor(private readonly limits: { maxEntries: number; maxWeight?: number }) {}
    get weight(): number {
      return this.limits.maxWeight === undefined ? this.entries.length : this.entries.reduce((sum, entry) => sum + entry.weight, 0);
    }
    read(key: number, use: boolean): number | undefined {
      const at = this.entries.findIndex((entry) => entry.key === key);
      if (at < 0) return undefined;
      const [entry] = this.entries.splice(at, 1) as [{ key: number; value: number; weight: number }];
      this.entries.splice(use ? this.entries.length : at, 0, entry);
      return entry.value;
    }
    set(key: number, value: number, weight: number): void {
      this.delete(key);
      const max = this.limits.maxWeight ?? Number.POSITIVE_INFINITY;
      if (weight > max || this.limits.maxEntries < 1) return;
      this.entries.push({ key, value, weight });
      while (this.entries.length > this.limits.maxEntries || this.weight > max) this.entries.shift();
    }
    delete(key: number): void {
      const at = this.entries.findIndex((entry) => entry.key === key);
      if (at >= 0) this.entries.splice(at, 1);
    }
  }

  it('given any limits and any sequence of sets, gets, peeks and deletes, then it answers, holds and weighs exactly what the reference does', () => {
    const key = fc.integer({ min: 0, max: 7 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, value: fc.integer(), weight: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constantFrom('get' as const, 'peek' as const, 'delete' as const), key }),
    );
    const limits = fc.record({ maxEntries: fc.integer({ min: 0, max: 5 }), maxWeight: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }) });
    fc.assert(
      fc.property(limits, fc.array(op, { maxLength: 80 }), (given, ops) => {
        const cache = new LruCache<number, number>(given.maxWeight === undefined ? { maxEntries: given.maxEntries } : given);
        const reference = new Reference(given);
        for (const step of ops) {
          if (step.kind === 'set') {
            cache.set(step.key, step.value, step.weight);
            reference.set(step.key, step.value, step.weight);
          } else if (step.kind === 'delete') {
            cache.delete(step.key);
            reference.delete(step.key);
          } else {
            expect(cache[step.kind](step.key)).toBe(reference.read(step.key, step.kind === 'get'));
          }
          expect([cache.size, cache.weight]).toEqual([reference.entries.length, reference.weight]);
        }
        // What it holds (peeks leave the order alone); the order itself shows in which entries every later set evicted.
        const held = [0, 1, 2, 3, 4, 5, 6, 7].filter((k) => cache.peek(k) !== undefined);
        expect(held).toEqual(reference.entries.map((entry) => entry.key).sort((x, y) => x - y));
      }),
    );
  });
});
