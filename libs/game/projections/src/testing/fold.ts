import type { CounterDelta } from '../counters';
import { evolveFacts, type MatchFacts } from '../match-facts';
import type { ProjectedEvent } from '../projected-event';

/** Runs a delta reducer over events the way the runner does: facts before each event, then the event. */
export function deltasOf(events: readonly ProjectedEvent[], reducer: (facts: MatchFacts | null, e: ProjectedEvent) => CounterDelta[]): CounterDelta[] {
  let facts: MatchFacts | null = null;
  const all: CounterDelta[] = [];
  for (const event of events) {
    all.push(...reducer(facts, event));
    facts = evolveFacts(facts, event);
  }
  return all;
}

export function factsOf(events: readonly ProjectedEvent[]): MatchFacts | null {
  return events.reduce<MatchFacts | null>(evolveFacts, null);
}
