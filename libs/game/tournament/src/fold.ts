import type { TournamentEvent } from './events';
import { evolve, PlayerBook } from './evolve';
import { initialState, type TournamentState } from './state';

/**
 * Replays a tournament: the state after every event, in order, from the very first. One player book for the
 * whole replay (evolve.ts): the intermediate states are never seen, so their player map is changed in place.
 */
export function fold(events: Iterable<TournamentEvent>, from: TournamentState = initialState): TournamentState {
  const book = new PlayerBook();
  let state = from;
  for (const event of events) state = evolve(state, event, book);
  return state;
}
