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
});
