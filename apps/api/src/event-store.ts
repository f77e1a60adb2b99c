import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import type { ApiConfig } from './config';

/** The only place that knows adapters: the slices see the port. */
export async function openEventStore(config: ApiConfig): Promise<EventStore> {
  switch (config.store) {
    case 'memory':
      return new InMemoryEventStore();
    case 'sqlite':
      return SqliteEventStore.open({ file: path.join(config.dataDir, 'events.sqlite') });
    default:
      throw new Error('EVENTSTORE_CONNECTION_STRING: the EventStoreDB adapter is not wired in yet');
  }
}
