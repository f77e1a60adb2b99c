import { byteStream } from './derivation';
import { deriveLot, drawSeatingOrder, uniformBelow } from './seating';

// Worked example of docs/tournaments.md ("Fair seating"), computed independently with Python's hmac module.
const ZERO_SEED = '0'.repeat(64);
const SIX = ['ann', 'bob', 'cyd', 'dan', 'eve', 'fay'];

function bytes(...values: number[]): Iterator<number, never> {
  const it = values[Symbol.iterator]();
  return { next: () => ({ done: false, value: it.next().value ?? 0 }) } as Iterator<number, never>;
}

describe('fairness: the seating label (tournaments)', () => {
  it('draws t1 round 1 of ann…fay as ann, bob, dan, cyd, fay, eve', () => {
    expect(drawSeatingOrder(ZERO_SEED, 't1', 1, SIX)).toEqual(['ann', 'bob', 'dan', 'cyd', 'fay', 'eve']);
    expect(drawSeatingOrder(ZERO_SEED, 't1', 2, SIX)).toEqual(['bob', 'dan', 'eve', 'cyd', 'fay', 'ann']);
  });

  it('derives the lots of t1 from the first 4 bytes of each lot stream', () => {
    expect(['ann', 'bob', 'cyd'].map((p) => deriveLot(ZERO_SEED, 't1', p))).toEqual([1_760_479_355, 1_142_098_171, 3_522_464_260]);
    const first = byteStream(ZERO_SEED, 't1|seating|1');
    expect([0, 1, 2, 3].map(() => first.next().value)).toEqual([0x14, 0xfa, 0x76, 0x66]);
  });

  it('takes 4 bytes big-endian and discards the top of the range, so no value is favoured', () => {
    // For n = 3 the limit is ⌊2³² / 3⌋ · 3 = 4,294,967,295: the all-ones word is discarded, the next one used
    expect(uniformBelow(bytes(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5), 3)).toBe(2);
    expect(uniformBelow(bytes(0, 0, 1, 0), 7)).toBe(256 % 7);
  });

  it('shuffles uniformly: every order of three players equally often over 6,000 rounds', () => {
    const counts = new Map<string, number>();
    for (let round = 1; round <= 6_000; round++) {
      const key = drawSeatingOrder('ab'.repeat(32), 'uniform', round, ['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Chi-square with 5 degrees of freedom, below the 0.1 % critical value 20.52
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - 1_000) ** 2 / 1_000, 0);
    expect(chiSquare).toBeLessThan(20.52);
  });

  it('is a permutation of the players, and the same for the same seed, tournament and round', () => {
    const players = Array.from({ length: 1_000 }, (_, i) => `p${i}`);
    const order = drawSeatingOrder('cd'.repeat(32), 't9', 3, players);
    expect([...order].sort()).toEqual([...players].sort());
    expect(drawSeatingOrder('cd'.repeat(32), 't9', 3, players)).toEqual(order);
    expect(drawSeatingOrder('cd'.repeat(32), 't9', 4, players)).not.toEqual(order);
  });
});
