import type { Action } from '@liars-dice/game-rules';
import { chooseAction, DIFFICULTIES } from './strategy';
import { position, type PositionSpec } from './testing/position';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const LEVELS = DIFFICULTIES;
const FAMILIES = ['classic', 'perudo', 'revolver'] as const;

function choices(level: (typeof LEVELS)[number], spec: PositionSpec): Action[] {
  const { view, legal } = position(spec);
  return SEEDS.map((seed) => chooseAction(level, view, legal, seed));
}

describe.each(LEVELS)('%s', (level) => {
  describe.each(FAMILIES)('in %s', (ruleset) => {
    it('given a bid that needs more of a face than the unseen dice can hold, when asked, then calls liar', () => {
      // Given: 10 dice, I hold no 5s and no 1s, ann says nine 5s: at most five can be there.
      const spec: PositionSpec = { ruleset, mine: [2, 3, 3, 4, 6], bids: [['ann', 9, 5]] };
      // When / then
      expect(choices(level, spec)).toEqual(SEEDS.map(() => ({ type: 'liar' })));
    });

    it('given my own dice already make the bid true, when asked, then never calls liar', () => {
      const spec: PositionSpec = { ruleset, mine: [4, 4, 4, 1, 6], bids: [['ann', 2, 4]] };
      expect(choices(level, spec).filter((a) => a.type === 'liar')).toEqual([]);
    });

    it('given wild 1s, when my 1s make a bid certain, then does not call it; given no wild 1s, calls the same bid', () => {
      const bids = [['ann', 5, 6]] as const;
      const wild = choices(level, { ruleset, mine: [1, 1, 1, 1, 1], bids: [...bids] });
      const plain = choices(level, { ruleset, options: { wildOnes: false }, mine: [1, 1, 1, 1, 1], bids: [...bids] });
      expect(wild.filter((a) => a.type === 'liar')).toEqual([]);
      expect(plain).toEqual(SEEDS.map(() => ({ type: 'liar' })));
    });

    it('given a bid on 1s, when it counts, then only 1s count for it (sixes do not)', () => {
      // I hold five 6s and no 1s; three 1s among ann's five dice is a 3 % chance.
      // (Wild 1s cannot open on 1s, and the revolver never bids 1s while they are wild: then 1s are plain.)
      const wild = ruleset !== 'revolver';
      const bids = wild ? ([['ann', 2, 6], ['me', 6, 6], ['ann', 3, 1]] as const) : ([['ann', 3, 1]] as const);
      const mine = wild ? ([6, 6, 6, 6, 6] as const) : ([2, 3, 4, 5, 6] as const);
      const spec: PositionSpec = { ruleset, mine: [...mine], bids: [...bids], options: wild ? {} : { wildOnes: false } };
      const calls = choices(level, spec).filter((a) => a.type === 'liar').length;
      expect(calls).toBeGreaterThanOrEqual(level === 'easy' ? 5 : 8);
    });
  });

  it('given a palifico round and two dice of mine, when it bids, then it keeps the locked face', () => {
    const spec: PositionSpec = {
      ruleset: 'perudo',
      seats: [['ann', 1], ['me', 2], ['cyd', 3]],
      mine: [6, 6],
      bids: [['ann', 1, 3]],
      palifico: true,
    };
    for (const action of choices(level, spec)) {
      expect(action.type === 'liar' || (action.type === 'bid' && action.face === 3)).toBe(true);
    }
  });

  it('given a palifico round and one die of mine, when my die is a 6, then the one-die exception lets it bid sixes', () => {
    const spec: PositionSpec = { ruleset: 'perudo', seats: [['ann', 1], ['me', 1]], mine: [6], bids: [['ann', 1, 3]], palifico: true };
    const { legal } = position(spec);
    expect(legal).toContainEqual({ type: 'bid', quantity: 1, face: 6 });
    expect(legal).not.toContainEqual({ type: 'spot-on' });
    if (level === 'hard' || level === 'expert') expect(choices(level, spec)).toContainEqual({ type: 'bid', quantity: 1, face: 6 });
  });
});

describe('spot-on', () => {
  it.each(LEVELS)('given a bid my dice already exceed, %s never calls spot-on', (level) => {
    const spec: PositionSpec = { ruleset: 'perudo', mine: [4, 4, 4, 1, 1], bids: [['ann', 2, 4]] };
    expect(choices(level, spec).filter((a) => a.type === 'spot-on')).toEqual([]);
  });
});
