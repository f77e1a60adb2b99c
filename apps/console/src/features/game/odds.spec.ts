import { chanceAtLeast } from '@liars-dice/game-rules';
import { backing, chanceExact, chanceHolds, counts } from './odds';

describe('bid odds from your own dice', () => {
  it('given wild 1s, then your 1s back a bid on another face but not one on 1s', () => {
    expect(backing([1, 4, 4, 6, 2], 4, true)).toBe(3);
    expect(backing([1, 4, 4, 6, 2], 1, true)).toBe(1);
    expect(counts(1, 5, true)).toBe(true);
    expect(counts(1, 5, false)).toBe(false);
  });

  it('given the rules page example, then eight 4s holds with the chance of five more among 15 unseen dice', () => {
    const chance = chanceHolds({ quantity: 8, face: 4 }, [1, 4, 4, 6, 2], 20, true);
    expect(chance).toBeCloseTo(chanceAtLeast(5, 15, true), 12);
    expect(chance).toBeCloseTo(0.596, 3);
  });

  it('given a bid your own dice already cover, then it certainly holds and an exact count needs none unseen', () => {
    expect(chanceHolds({ quantity: 2, face: 4 }, [4, 4], 10, false)).toBe(1);
    expect(chanceExact({ quantity: 2, face: 4 }, [4, 4], 10, false)).toBeCloseTo((5 / 6) ** 8, 12);
  });
});
