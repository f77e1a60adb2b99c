import { type CounterDelta, globalStatDeltas, type MatchFacts, playerStatDeltas, type ProjectedEvent, tutorialDeltas } from '@liars-dice/game-projections';
import { CounterBuffer, counterTable, type ProjectionFactory } from '../projection';

type Reducer = (facts: MatchFacts | null, event: ProjectedEvent) => CounterDelta[];

function counters(name: string, table: string, keyColumns: readonly string[], reducer: Reducer): ProjectionFactory {
  return (db) => {
    db.exec(counterTable(table, keyColumns));
    const counters = new CounterBuffer(db, table, keyColumns);
    return {
      name,
      tables: [table],
      apply({ event, before }) {
        for (const delta of reducer(before, event)) counters.add(delta.key, delta.field, delta.by);
      },
      flush: () => counters.flush(),
      discard: () => counters.discard(),
    };
  };
}

/** Per account and family (and 'all'): regular matches only. */
export const playerStatsProjection = counters('player-stats', 'player_stats', ['account', 'family'], playerStatDeltas);
/** Per family and table size (and 'all'): regular matches only. */
export const globalStatsProjection = counters('global-stats', 'global_stats', ['family', 'table_size'], globalStatDeltas);
/** Per account and family: tutorial matches only, kept apart from everything else. */
export const tutorialProjection = counters('tutorial', 'tutorial_progress', ['account', 'family'], tutorialDeltas);
