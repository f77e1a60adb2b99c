import type { EventStore } from '@liars-dice/event-store-port';
import { DataDirLock } from '@liars-dice/server-platform';
import { openReadDatabase, type ReadDb, readDatabaseFile } from '@liars-dice/server-projections';
import { existingDataDir } from '../commands/stored-data';

export interface ApiStores {
  readonly store: EventStore;
  readonly db: ReadDb;
  readonly file: string;
  /** Closes both and gives the data directory back. */
  close(): Promise<void>;
}

/**
 * The event store and the read database the API uses, from the same settings (DATA_DIR,
 * EVENTSTORE_CONNECTION_STRING), for a tool that writes them: it takes the data directory's lock first, so
 * it refuses to run (naming the holder) while the API or another tool owns the directory. A data directory (or,
 * embedded, an event store) that is not there is refused with NoStoreError and not created.
 */
export async function openApiStores(env: NodeJS.ProcessEnv, purpose: string): Promise<ApiStores> {
  // Refused (NoStoreError) before the lock: a missing directory or embedded store is named, nothing is created.
  const { dataDir, eventsFile } = existingDataDir(env);
  const lock = DataDirLock.acquire(dataDir, purpose);
  try {
    const connection = env['EVENTSTORE_CONNECTION_STRING'];
    const store = connection
      ? (await import('@liars-dice/event-store-esdb')).createEsdbEventStore(connection)
      : await (await import('@liars-dice/event-store-sqlite')).SqliteEventStore.open({ file: eventsFile as string });
    const file = readDatabaseFile(dataDir, false);
    const db = openReadDatabase(file);
    const close = async (): Promise<void> => {
      try {
        db.close();
        await store.close();
      } finally {
        lock.release();
      }
    };
    return { store, db, file, close };
  } catch (error) {
    lock.release();
    throw error;
  }
}
