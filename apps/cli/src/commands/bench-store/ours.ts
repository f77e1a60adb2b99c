import path from 'node:path';
import { durabilityOf, inProcess, portAppend } from './workload';

/** The embedded default, through the port: validation, expected-revision checks, group commit, worker. */
export const ours = inProcess('SqliteEventStore (this project)', async (dir) => {
  // Loaded on use, as every CLI command loads the store (see verify.command.ts).
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
  return {
    append: portAppend(store),
    close: () => store.close(),
    // From the writer thread's own connection, the one that commits.
    durability: async () => {
      const { synchronous, journalMode } = await store.durability();
      return durabilityOf(synchronous, journalMode);
    },
  };
});
