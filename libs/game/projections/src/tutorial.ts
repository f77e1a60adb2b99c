import { bump, type CounterDelta } from './counters';
import type { MatchFacts } from './match-facts';
import type { ProjectedEvent } from './projected-event';

export const TUTORIAL_FIELDS = ['started', 'finished', 'won', 'rounds', 'challenges', 'bids'] as const;

/**
 * Tutorial progress, kept apart from regular statistics: rows keyed `[accountId, family]` (and 'all'),
 * fed only by tutorial matches, for the humans seated in them.
 */
export function tutorialDeltas(facts: MatchFacts | null, { event }: ProjectedEvent): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  if (!facts || facts.kind !== 'tutorial') return deltas;
  const humans = facts.seats.filter((s) => s.holder !== null);
  const each = (field: string, only?: string): void => {
    for (const seat of humans) if (!only || only === seat.seat) bump(deltas, [seat.holder?.id ?? '', facts.ruleset], field);
  };
  switch (event.type) {
    case 'MatchCreated':
      each('started');
      break;
    case 'RoundStarted':
      each('rounds');
      break;
    case 'BidPlaced':
      each('bids', event.data.by);
      break;
    case 'LiarCalled':
    case 'SpotOnCalled':
      each('challenges', event.data.by);
      break;
    case 'MatchFinished':
      each('finished');
      each('won', event.data.winner);
      break;
  }
  return deltas;
}
