import { decide, evolve, initialState, RuleViolation, type MatchCommand, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { commitmentOf } from '../derivation';
import { houseCommand } from '../house';

/** Plays a whole match with the house rolling from `seed` and every player calling liar on the first bid. */
export function playMatch(ruleset: 'classic' | 'perudo' | 'revolver', seed: string): MatchEvent[] {
  const events: MatchEvent[] = [];
  let state: MatchState = initialState;
  const apply = (command: MatchCommand) => {
    const decided = decide(state, command);
    if (decided instanceof RuleViolation) throw decided;
    for (const event of decided) {
      events.push(event);
      state = evolve(state, event);
    }
  };
  apply({ type: 'CreateMatch', data: { matchId: 'm-verify', ruleset, players: ['ann', 'bob', 'cyd'], fairness: { version: 'v1', commitment: commitmentOf(seed) } } });
  for (let guard = 0; guard < 500 && state.status !== 'finished'; guard++) {
    const house = houseCommand(state, seed);
    if (house) apply(house);
    else if (state.status === 'bidding') {
      apply(state.round.bids.length === 0
        ? { type: 'PlaceBid', data: { by: state.toAct, quantity: 3, face: 6 } }
        : { type: 'CallLiar', data: { by: state.toAct } });
    }
  }
  return events;
}
