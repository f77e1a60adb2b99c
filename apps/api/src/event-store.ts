import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { SqliteEventStore, type WriteTimingObserver } from '@liars-dice/event-store-sqlite';
import { createEsdbEventStore } from '@liars-dice/event-store-esdb';
import type { ApiConfig } from './config';

export type StoreChoice = Pick<ApiConfig, 'store' | 'dataDir'> & { env: { EVENTSTORE_CONNECTION_STRING?: string | undefined; THREADS_IN_PROCESS?: readonly string[] | undefined } };

const sqliteFile = (dataDir: string): string => path.join(dataDir, 'events.sqlite');

/** The only place that knows adapters: the slices see the port. `onWriteTiming`: the embedded store's append steps. */
export async function openEventStore(config: StoreChoice, onWriteTiming?: WriteTimingObserver): Promise<EventStore> {
  switch (config.store) {
    case 'memory':
      return new InMemoryEventStore();
    case 'sqlite':
      return SqliteEventStore.open({ file: sqliteFile(config.dataDir), onWriteTiming, writerInProcess: config.env.THREADS_IN_PROCESS?.includes('sqlite-writer') });
    case 'esdb':
      return createEsdbEventStore(config.env.EVENTSTORE_CONNECTION_STRING as string);
  }
}

/**
 * A second connection for another thread of this process (the projections thread): read-only on the embedded
 * file, whose writer thread wakes it on each commit; a client of its own on EventStoreDB. Null for the memory
 * store, which lives in the API's thread only.
 */
export async function openEventStoreReader(config: StoreChoice): Promise<EventStore | null> {
  switch (config.store) {
    case 'memory':
      return null;
    case 'sqlite':
      return SqliteEventStore.openReader({ file: sqliteFile(config.dataDir) });
    case 'esdb':
      return createEsdbEventStore(config.env.EVENTSTORE_CONNECTION_STRING as string);
  }
}
