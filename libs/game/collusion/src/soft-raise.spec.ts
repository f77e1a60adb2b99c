import { createRng, playMatch, randomStrategy } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { type Action, legalActions, RULESETS } from '@liars-dice/game-rules';
import fc from 'fast-check';
import { roundViewOf } from './evidence';
import { raiseContext } from './seat-tally';
import { bidWeight, isSoftRaise, softestBids, softestRaiseWeight, softestWeight } from './soft-raise';

const bid = (quantity: number, face: 1 | 2 | 3 | 4 | 5 | 6): Action => ({ type: 'bid', quantity, face });

describe('a raise by the minimum (soft-raise.ts)', () => {
  it.each`
    legal                                             | wild     | raise         | soft     | why
    ${[bid(3, 5), bid(3, 6), bid(2, 1), bid(4, 2)]}   | ${true}  | ${bid(3, 6)}  | ${true}  | ${'after 3 × 4: same quantity, higher face adds nothing'}
    ${[bid(3, 5), bid(3, 6), bid(2, 1), bid(4, 2)]}   | ${true}  | ${bid(2, 1)}  | ${false} | ${'two 1s weigh four dice while 1s are wild'}
    ${[bid(3, 5), bid(3, 6), bid(2, 1), bid(4, 2)]}   | ${true}  | ${bid(4, 2)}  | ${false} | ${'one die more than needed'}
    ${[bid(4, 1), bid(4, 2), bid(5, 3)]}              | ${false} | ${bid(4, 1)}  | ${true}  | ${'without wild 1s a 1 is a face like any other'}
    ${[{ type: 'liar' }, bid(7, 2)]}                  | ${true}  | ${bid(7, 2)}  | ${true}  | ${'the only raise left is the minimum'}
  `('$raise.quantity × $raise.face: soft $soft — $why', ({ legal, wild, raise, soft }) => {
    expect(isSoftRaise(raise, legal, wild)).toBe(soft);
  });

  it('lists the softest bids only, and weighs 1s double while wild', () => {
    expect(softestBids([{ type: 'liar' }, bid(3, 5), bid(2, 1), bid(3, 6), bid(4, 2)], true)).toEqual([bid(3, 5), bid(3, 6)]);
    expect(bidWeight({ quantity: 3, face: 1 }, true)).toBe(6);
    expect(bidWeight({ quantity: 3, face: 1 }, false)).toBe(3);
  });
});

describe('the least raise from a round’s context equals the least legal raise (property)', () => {
  it('agrees with legalActions at every bid of random matches in every family', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(...RULESETS), fc.integer({ min: 2, max: 6 }), (seed, ruleset, n) => {
        const rng = createRng(seed);
        const players = Array.from({ length: n }, (_, i) => `p${i}`);
        const seedHex = seed.toString(16).padStart(64, '0');
        playMatch(
          { matchId: `m${seed}`, ruleset, players },
          (_player, view, legal) => randomStrategy(view, legal, rng),
          (state) => houseCommand(state, seedHex),
          (state) => {
            const previous = state.status === 'bidding' ? state.round.bids.at(-1) : undefined;
            if (state.status !== 'bidding' || !previous) return;
            const legal = legalActions(state, state.toAct);
            const round = roundViewOf(state);
            if (!round) throw new Error('no round in play');
            const context = raiseContext(round, previous, state.toAct);
            expect(softestRaiseWeight(context)).toBe(softestWeight(legal, context.wild));
          },
        );
      }),
      { numRuns: 60 },
    );
  });
});
