import type { MatchEvent } from './events';
import { evolve } from './evolve';
import { initialState, type MatchState } from './state';

/** Replays a match: the state after every event, in order, from the very first. */
export function fold(events: Iterable<MatchEvent>, from: MatchState = initialState): MatchState {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
