import fc from 'fast-check';
import { decide, evolve, initialState, legalActions, playerView, RuleViolation, type MatchCommand, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { DIFFICULTIES } from '@liars-dice/game-match';
import { GameBotsPolicy } from './game-bots-policy';

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw events;
  return (events as MatchEvent[]).reduce(evolve, state);
}

describe('the CPU policy the driver uses', () => {
  it('given any hands and any difficulty, when a CPU seat must act, then it picks one of its legal moves from its own view', () => {
    const hand = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(fc.tuple(hand, hand, hand), fc.constantFrom(...DIFFICULTIES), fc.string(), fc.nat(10), (dice, difficulty, seed, moves) => {
        let state = apply(initialState, { type: 'CreateMatch', data: { matchId: 'm', ruleset: 'perudo', players: ['a', 'b', 'c'] } });
        state = apply(state, { type: 'RollDice', data: { dice: { a: dice[0], b: dice[1], c: dice[2] } } });
        const policy = new GameBotsPolicy();
        for (let i = 0; i < moves && state.status === 'bidding'; i++) {
          const by = state.toAct;
          const legal = legalActions(state, by);
          const action = policy.choose(difficulty, playerView(state, by)!, legal, `${seed}|${i}`);
          expect(legal).toContainEqual(action);
          if (action.type !== 'bid') break;
          state = apply(state, { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } });
        }
      }),
      { numRuns: 60 },
    );
  });
});
