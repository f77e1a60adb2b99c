import type { TournamentEvent } from './events';
import { evolve } from './evolve';
import { initialState, type TournamentState } from './state';

/** Replays a tournament: the state after every event, in order, from the very first. */
export function fold(events: Iterable<TournamentEvent>, from: TournamentState = initialState): TournamentState {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
