import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { createEsdbEventStore } from '@liars-dice/event-store-esdb';
import type { ApiConfig } from './config';

/** The only place that knows adapters: the slices see the port. */
export async function openEventStore(config: Pick<ApiConfig, 'store' | 'dataDir'> & { env: { EVENTSTORE_CONNECTION_STRING?: string | undefined } }): Promise<EventStore> {
  switch (config.store) {
    case 'memory':
      return new InMemoryEventStore();
    case 'sqlite':
      return SqliteEventStore.open({ file: path.join(config.dataDir, 'events.sqlite') });
    case 'esdb':
      return createEsdbEventStore(config.env.EVENTSTORE_CONNECTION_STRING as string);
  }
}
