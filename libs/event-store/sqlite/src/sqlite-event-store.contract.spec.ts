import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeEventStoreContract } from '@liars-dice/event-store-contract';
import { SqliteEventStore } from './sqlite-event-store';

describeEventStoreContract(
  'sqlite',
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ld-sqlite-contract-'));
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
    return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  { sharedStore: true },
);
