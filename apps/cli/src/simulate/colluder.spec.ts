import { createRng, type Strategy } from '@liars-dice/game-bots';
import { type Action, decide, evolve, initialState, legalActions, type MatchCommand, type MatchState, playerView, RuleViolation } from '@liars-dice/game-rules';
import { colluding } from './colluder';

function play(...commands: MatchCommand[]): MatchState {
  return commands.reduce((state, command) => {
    const events = decide(state, command);
    if (events instanceof RuleViolation) throw new Error(events.message);
    return events.reduce(evolve, state);
  }, initialState);
}

/** A stand-in bot that always calls liar when it may: the colluder must override it on the partner's bids. */
const caller: Strategy = (_view, legal) => legal.find((a) => a.type === 'liar') ?? (legal[0] as Action);

function decision(state: MatchState, seat: string, partner: string): Action {
  const view = playerView(state, seat);
  if (!view) throw new Error('no view');
  return colluding(partner, caller)(view, legalActions(state, seat), createRng(1));
}

describe('a planted colluder (wraps a bot)', () => {
  // Given a classic table a, b, c with 1s wild; b holds three 5s
  const afterBid = (quantity: number, face: number, wildOnes = true) =>
    play(
      { type: 'CreateMatch', data: { matchId: 'm', ruleset: 'classic', players: ['a', 'b', 'c'], options: { startingDice: 3, wildOnes } } },
      { type: 'RollDice', data: { dice: { a: [2, 2, 2], b: [5, 5, 6], c: [4, 4, 4] } } },
      { type: 'PlaceBid', data: { by: 'a', quantity, face } },
    );

  it('never calls its partner and raises by the minimum, on the face it holds most of', () => {
    // When a (the partner) bids 2 × 4 and b is to act
    const action = decision(afterBid(2, 4), 'b', 'a');
    // Then b raises to 2 × 5 (same quantity, its best face), not a call
    expect(action).toEqual({ type: 'bid', quantity: 2, face: 5 });
  });

  it('plays the wrapped bot on anyone else’s bid', () => {
    expect(decision(afterBid(2, 4), 'b', 'c')).toEqual({ type: 'liar' });
  });

  it('calls when no raise is left, as anyone would', () => {
    expect(decision(afterBid(9, 6, false), 'b', 'a')).toEqual({ type: 'liar' });
  });
});
