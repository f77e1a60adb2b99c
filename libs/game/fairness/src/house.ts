import type { MatchState, PullTrigger, RollDice } from '@liars-dice/game-rules';
import { deriveChamber, deriveDice } from './derivation';

/**
 * The house's next move when the match waits on randomness: the round's roll or the due trigger pull,
 * derived from the committed seed. Null when a player must act or the match is over.
 */
export function houseCommand(state: MatchState, seedHex: string, at?: number): RollDice | PullTrigger | null {
  if (state.status === 'awaiting-roll') {
    const dice: Record<string, number[]> = {};
    state.seats.forEach((seat, index) => {
      if (!seat.out) dice[seat.id] = deriveDice(seedHex, { matchId: state.matchId, round: state.next.number, seat: index, count: seat.dice });
    });
    return { type: 'RollDice', data: at === undefined ? { dice } : { dice, at } };
  }
  if (state.status === 'resolving' && state.shotsDue.length > 0) {
    const chamber = deriveChamber(seedHex, state.matchId, state.pulls + 1);
    return { type: 'PullTrigger', data: at === undefined ? { chamber } : { chamber, at } };
  }
  return null;
}
