import path from 'node:path';
import { portAppend, type Subject } from './workload';

/** The embedded default, through the port: validation, expected-revision checks, group commit, worker. */
export const ours: Subject = {
  name: 'SqliteEventStore (this project)',
  async open(dir) {
    // Loaded on use, as every CLI command loads the store (see verify.command.ts).
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
    return { append: portAppend(store), close: () => store.close() };
  },
};
