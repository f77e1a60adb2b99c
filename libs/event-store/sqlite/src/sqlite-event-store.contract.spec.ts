import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeEventStoreContract } from '@liars-dice/event-store-contract';
import { SqliteEventStore } from './sqlite-event-store';

// The writer on its own thread (the default) and on the calling thread (THREADS_IN_PROCESS=sqlite-writer): one contract.
for (const writerInProcess of [false, true]) {
  describeEventStoreContract(
    writerInProcess ? 'sqlite, writer in process' : 'sqlite',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'ld-sqlite-contract-'));
      const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db'), writerInProcess });
      return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
    { sharedStore: true },
  );
}
