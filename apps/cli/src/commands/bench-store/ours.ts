import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { eventData, type Subject } from './workload';

/** The embedded default, through the port: validation, expected-revision checks, group commit, worker. */
export const ours: Subject = {
  name: 'SqliteEventStore (this project)',
  async open(dir) {
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
    return {
      append: async (stream, revision) => {
        const expectedRevision = revision === 0 ? 'no_stream' : BigInt(revision - 1);
        await store.appendToStream(
          stream,
          [{ id: randomUUID(), type: 'BidPlaced', data: eventData(stream, revision) }],
          { expectedRevision },
        );
      },
      close: () => store.close(),
    };
  },
};
