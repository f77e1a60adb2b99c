import fc from 'fast-check';
import { decide, evolve, initialState, legalActions, playerView, RuleViolation, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { LegalMovePolicy } from './legal-move-policy';

function started(dice: number[][]): MatchState {
  const created = decide(initialState, { type: 'CreateMatch', data: { matchId: 'm', ruleset: 'perudo', players: ['a', 'b', 'c'] } });
  if (created instanceof RuleViolation) throw created;
  let state = (created as MatchEvent[]).reduce(evolve, initialState);
  const rolled = decide(state, { type: 'RollDice', data: { dice: { a: dice[0] ?? [], b: dice[1] ?? [], c: dice[2] ?? [] } } });
  if (rolled instanceof RuleViolation) throw rolled;
  state = (rolled as MatchEvent[]).reduce(evolve, state);
  return state;
}

describe('the stand-in CPU policy', () => {
  it('given any table, when a CPU seat must act, then it picks one of the legal actions from its own view', () => {
    const hand = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(fc.tuple(hand, hand, hand), fc.string(), fc.nat(12), (dice, seed, moves) => {
        let state = started(dice);
        const policy = new LegalMovePolicy();
        for (let i = 0; i < moves && state.status === 'bidding'; i++) {
          const legal = legalActions(state, state.toAct);
          const view = playerView(state, state.toAct);
          const action = policy.choose('medium', view!, legal, `${seed}|${i}`);
          expect(legal).toContainEqual(action);
          const command = action.type === 'bid' ? { type: 'PlaceBid' as const, data: { by: state.toAct, quantity: action.quantity, face: action.face } } : { type: 'CallLiar' as const, data: { by: state.toAct } };
          const events = decide(state, command);
          if (events instanceof RuleViolation) throw events;
          state = (events as MatchEvent[]).reduce(evolve, state);
        }
      }),
      { numRuns: 100 },
    );
  });
});
