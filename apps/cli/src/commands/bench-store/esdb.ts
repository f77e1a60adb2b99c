import type { EventStore } from '@liars-dice/event-store-port';
import { inProcess, portAppend, type Subject } from './workload';

interface EsdbModules {
  createEsdbEventStore(connectionString: string): EventStore;
  startEsdbTestServer(): Promise<{ readonly connectionString: string; stop(): Promise<void> }>;
}

/**
 * (d) The EventStoreDB adapter through the in-process wire-protocol test server, for information only (the
 * server shares this process and its CPU). Loaded at run time so the CLI builds without those packages;
 * returns why it cannot run instead of a subject when they are not built.
 */
export function esdbSubject(): Subject | string {
  let modules: EsdbModules;
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    modules = {
      ...(require('@liars-dice/event-store-esdb') as Pick<EsdbModules, 'createEsdbEventStore'>),
      ...(require('@liars-dice/event-store-esdb-test-server') as Pick<EsdbModules, 'startEsdbTestServer'>),
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch (error) {
    return `ESDB packages not available (${(error as Error).message.split('\n')[0]})`;
  }
  return inProcess('(d) EventStoreDB adapter via test server', async () => {
    const server = await modules.startEsdbTestServer();
    const store = modules.createEsdbEventStore(server.connectionString);
    return {
      append: portAppend(store),
      close: async () => {
        await store.close();
        await server.stop();
      },
      durability: async () => 'not SQLite: the in-memory wire-protocol test server (nothing reaches a disk)',
    };
  });
}
