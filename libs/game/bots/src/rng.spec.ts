import fc from 'fast-check';
import { createRng } from './rng';

describe('the seeded random source', () => {
  it('given the same seed, when drawn twice, then gives the same sequence; another seed differs', () => {
    const draw = (seed: number | string) => Array.from({ length: 20 }, createRng(seed).next);
    expect(draw(42)).toEqual(draw(42));
    expect(draw('42')).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
  });

  it('keeps next() in [0, 1) and int(n) in [0, n)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const rng = createRng(seed);
        for (let i = 0; i < 50; i++) {
          const x = rng.next();
          const k = rng.int(n);
          expect(x >= 0 && x < 1).toBe(true);
          expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
        }
      }),
    );
  });
});
