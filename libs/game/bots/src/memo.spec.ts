import fc from 'fast-check';
import { FACES, type Face } from '@liars-dice/game-rules';
import type { Evidence } from './evidence';
import { computeHandPosterior, handPosterior } from './hands';
import { Memo } from './memo';

const face = fc.constantFrom(...FACES) as fc.Arbitrary<Face>;
const evidence: fc.Arbitrary<Evidence[]> = fc.array(
  fc.record({ by: fc.constantFrom('ann', 'bob', 'cy'), face, weight: fc.constantFrom(1, 0.6, 0.2) }),
  { maxLength: 8 },
);
const model = fc.record({ beta: fc.constantFrom(3, 2.5), bluff: fc.double({ min: 0.02, max: 0.8, noNaN: true }) });
const handCall = fc.record({ dice: fc.integer({ min: 1, max: 5 }), wild: fc.boolean(), evidence, model });

describe('memoised bot math (docs/adr/0033)', () => {
  it('given any sequence of hand posteriors asked, then each answer is exactly the one computed afresh', () => {
    fc.assert(
      fc.property(fc.array(handCall, { minLength: 1, maxLength: 30 }), (calls) => {
        // Each call asked twice, in the drawn order: the second is usually a hit, sometimes of another call's key.
        for (const { dice, wild, evidence: items, model: m } of [...calls, ...calls]) {
          expect(handPosterior(dice, wild, items, m)).toStrictEqual(computeHandPosterior(dice, wild, items, m));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('given a memo, when more keys than its limit are kept, then the least recently used goes and shared results are frozen', () => {
    const memo = new Memo<number[]>(2);
    let computed = 0;
    const get = (key: string) => memo.get(key, () => [++computed]);
    get('a');
    get('b');
    get('a');
    get('c');
    expect(get('a')).toEqual([1]);
    expect(get('b')).toEqual([4]);
    expect(Object.isFrozen(get('c'))).toBe(true);
  });
});
