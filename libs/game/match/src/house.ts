import { decide, evolve, type MatchEvent, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import { houseCommand } from '@liars-dice/game-fairness';

/**
 * After a player's events, the house plays its part until a player must act: it rolls each round and
 * pulls each due trigger from the match's seed, and reveals the seed in `MatchFinished`.
 */
export function withHouseMoves(state: MatchState, events: readonly MatchEvent[], seed: string, at: number): MatchEvent[] {
  const all = [...events];
  let current = events.reduce(evolve, state);
  for (let move = houseCommand(current, seed, at); move; move = houseCommand(current, seed, at)) {
    const decided = decide(current, move);
    // The house derives its own moves from the state, so a refusal here is a server bug, not a user error.
    if (decided instanceof RuleViolation) throw new Error(`the house's ${move.type} was refused: ${decided.message}`);
    all.push(...decided);
    current = decided.reduce(evolve, current);
  }
  return all.map((event) => (event.type === 'MatchFinished' ? { ...event, data: { ...event.data, seed } } : event));
}
