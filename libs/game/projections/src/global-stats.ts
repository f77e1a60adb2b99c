import { ALL, type CounterDelta } from './counters';
import { countsForStats, type MatchFacts, supportFor } from './match-facts';
import type { ProjectedEvent } from './projected-event';

export const GLOBAL_STAT_FIELDS = [
  'matches', 'rounds', 'openingBids', 'openingBidsHeld', 'liarCalls', 'liarCallsRight', 'spotOnCalls', 'spotOnExact',
  'timeouts', 'shots', 'fatalShots',
] as const;
export type GlobalStatField = (typeof GLOBAL_STAT_FIELDS)[number];

/** Rows keyed `[family, tableSize]`, `[family, 'all']` and `['all', 'all']`. */
function push(deltas: CounterDelta[], facts: MatchFacts, field: GlobalStatField, by = 1): void {
  const size = String(facts.seats.length);
  for (const key of [[facts.ruleset, size], [facts.ruleset, ALL], [ALL, ALL]]) deltas.push({ key, field, by });
}

/** At a reveal: whether the round's opening bid would have held against every die on the table. */
function openingBid(deltas: CounterDelta[], facts: MatchFacts): void {
  const opening = facts.round?.opening;
  if (!facts.round || !opening) return;
  push(deltas, facts, 'openingBids');
  if (supportFor(facts, facts.round.dice, opening.face) >= opening.quantity) push(deltas, facts, 'openingBidsHeld');
}

/** The counters one event adds to the global rows, from regular matches only. */
export function globalStatDeltas(facts: MatchFacts | null, { event }: ProjectedEvent): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  if (!facts || !countsForStats(facts)) return deltas;
  switch (event.type) {
    case 'RoundStarted':
      push(deltas, facts, 'rounds');
      break;
    case 'LiarCalled':
      openingBid(deltas, facts);
      push(deltas, facts, 'liarCalls');
      if (!event.data.holds) push(deltas, facts, 'liarCallsRight');
      break;
    case 'SpotOnCalled':
      openingBid(deltas, facts);
      push(deltas, facts, 'spotOnCalls');
      if (event.data.exact) push(deltas, facts, 'spotOnExact');
      break;
    case 'TurnTimedOut':
      push(deltas, facts, 'timeouts');
      break;
    case 'TriggerPulled':
      push(deltas, facts, 'shots');
      if (event.data.fatal) push(deltas, facts, 'fatalShots');
      break;
    case 'MatchFinished':
      push(deltas, facts, 'matches');
      break;
  }
  return deltas;
}
