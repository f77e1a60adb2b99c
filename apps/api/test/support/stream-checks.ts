import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { MATCH_STREAM_PREFIX, matchStream, readMetadata } from '@liars-dice/game-match';
import { openReadDatabase, ProjectionEngine, ProjectionRunner, rebuildProjections } from '@liars-dice/server-projections';

/** How many batches each command id has in a match's stream (every command must be exactly one). */
export async function batchesOf(store: EventStore, matchId: string): Promise<Map<string, number>> {
  const batches = new Map<string, number>();
  for (const event of await store.readStream(matchStream(matchId))) {
    const { commandId: id, batch } = readMetadata(event.metadata);
    if (id !== null && (batch?.index ?? 0) === 0) batches.set(id, (batches.get(id) ?? 0) + 1);
  }
  return batches;
}

/** How many times each acknowledged command id (id → match) has its batch in its match (each must be exactly once). */
export async function ledgerCounts(store: EventStore, ledger: ReadonlyMap<string, string>): Promise<number[]> {
  const byMatch = new Map<string, Map<string, number>>();
  for (const matchId of new Set(ledger.values())) byMatch.set(matchId, await batchesOf(store, matchId));
  return [...ledger].map(([id, matchId]) => byMatch.get(matchId)?.get(id) ?? 0);
}

/**
 * The read models of an instance's data directory (caught up from their checkpoints, as its next start would)
 * and a rebuild of them from the first event into `rebuilt.sqlite` next to them: the two must be equal.
 */
export async function liveAndRebuilt(store: EventStore, dataDir: string): Promise<[unknown, unknown]> {
  const live = new ProjectionEngine(openReadDatabase(path.join(dataDir, 'read.sqlite')));
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1, filter: { streamPrefixes: [MATCH_STREAM_PREFIX] } });
  if ((live.resumeAfter() ?? -1n) < (last?.position ?? 0n)) {
    const runner = new ProjectionRunner(store, live);
    runner.start();
    await runner.whenApplied(last?.position ?? 0n);
    await runner.stop();
  }
  const rebuilt = new ProjectionEngine(openReadDatabase(path.join(dataDir, 'rebuilt.sqlite')));
  await rebuildProjections(store, rebuilt);
  return [live.dump(), rebuilt.dump()];
}
