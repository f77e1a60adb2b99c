import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { openReadDatabase, type ReadDb, readDatabaseFile } from '@liars-dice/server-projections';

/** The event store and the read database the API uses, from the same settings (DATA_DIR, EVENTSTORE_CONNECTION_STRING). */
export async function openApiStores(env: NodeJS.ProcessEnv): Promise<{ store: EventStore; db: ReadDb; file: string }> {
  const dataDir = path.resolve(env['DATA_DIR'] ?? 'data');
  const connection = env['EVENTSTORE_CONNECTION_STRING'];
  const store = connection
    ? (await import('@liars-dice/event-store-esdb')).createEsdbEventStore(connection)
    : await (await import('@liars-dice/event-store-sqlite')).SqliteEventStore.open({ file: path.join(dataDir, 'events.sqlite') });
  const file = readDatabaseFile(dataDir, false);
  return { store, db: openReadDatabase(file), file };
}
