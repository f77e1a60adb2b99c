import { parentPort, workerData } from 'node:worker_threads';
import { asBackgroundThread, reportFatalStart, reportThreadMemory } from '@liars-dice/platform-threads';
import { hostProjections } from '@liars-dice/server-projections';
import { openEventStoreReader } from '../event-store';
import type { ProjectionsThreadData } from './projections-thread';

/** The projections thread (ADR 0009): its own store connection, its own read-database connection. */
async function main(port: NonNullable<typeof parentPort>, { store: choice, readDbFile }: ProjectionsThreadData): Promise<void> {
  const store = await openEventStoreReader(choice);
  if (!store) throw new Error(`the ${choice.store} store cannot be read from another thread`);
  try {
    hostProjections(port, store, readDbFile, () => store.close());
  } catch (error) {
    await store.close();
    throw error;
  }
}

if (parentPort) {
  const port = parentPort;
  // Read models may lag a few milliseconds more on a busy machine; players' commands on the main thread may not.
  asBackgroundThread();
  reportThreadMemory('projections');
  main(port, workerData as ProjectionsThreadData).catch((error: unknown) => reportFatalStart(port, error));
}
