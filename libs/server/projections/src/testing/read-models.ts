import type { EventStore } from '@liars-dice/event-store-port';
import { PROJECTED_STREAMS } from '../engine/projected-streams';
import { ProjectionEngine } from '../engine/projection-engine';
import { dumpTables } from '../engine/tables';
import { rebuildProjections } from '../feed/rebuild';
import { ReadDatabase } from '../read-connection';
import { openReadDatabase, type ReadDb } from '../read-database';
import { CollusionQueries, PROJECTIONS } from '../read-models';
import { CollusionProjection } from '../read-models/collusion/collusion.projection';
import type { RankedPair } from '../read-models/collusion/collusion.queries';

/** The position of the store's last event the read models follow (0 for none). */
export async function projectedHead(store: EventStore): Promise<bigint> {
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1, filter: { streamPrefixes: [...PROJECTED_STREAMS] } });
  return last?.position ?? 0n;
}

/** Every read model's tables, as the projections declare them. */
export function readModelTables(): string[] {
  const db = openReadDatabase(':memory:');
  try {
    return PROJECTIONS.flatMap((factory) => factory(db).tables);
  } finally {
    db.close();
  }
}

/** Every row of every read model in `db` (a connection to a live read database, say), in a stable order. */
export function dumpReadModels(db: ReadDb): Record<string, unknown[]> {
  return dumpTables(db, readModelTables());
}

/** Every read model rebuilt from the first event of `store` into a read database in memory: its rows. */
export async function rebuiltReadModels(store: EventStore): Promise<Record<string, unknown[]>> {
  const db = openReadDatabase(':memory:');
  try {
    const engine = new ProjectionEngine(db);
    await rebuildProjections(store, engine);
    return engine.dump();
  } finally {
    db.close();
  }
}

/**
 * The collusion ranking before the first event and after every event of the log that changes it, folded event
 * by event: every answer `suspiciousPairs` may rightly give while the log grows.
 */
export async function collusionRankingsAlong(store: EventStore): Promise<(readonly RankedPair[])[]> {
  const db = openReadDatabase(':memory:');
  try {
    const engine = new ProjectionEngine(db, [(read) => new CollusionProjection(read)]);
    const queries = new CollusionQueries(ReadDatabase.of(db));
    const rankings = [queries.ranked()];
    for (const record of await store.readAll({ filter: { streamPrefixes: [...PROJECTED_STREAMS] } })) {
      await engine.prepare([record], store);
      engine.applyBatch([record]);
      const ranked = queries.ranked();
      if (ranked !== rankings.at(-1)) rankings.push(ranked);
    }
    return rankings;
  } finally {
    db.close();
  }
}
