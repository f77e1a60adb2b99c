// The projections worker of bench:projections: what the API's projections thread runs (apps/api/src/projections/
// projections.worker.ts, docs/adr/0009) on the benchmark's SQLite file: its own read-only store connection,
// woken by the writer thread's commit broadcast, and hostProjections on the read database.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { reportFatalStart } from '@liars-dice/platform-threads';
import { hostProjections } from '@liars-dice/server-projections';

export interface BenchWorkerData {
  readonly storeFile: string;
  readonly readDbFile: string;
}

async function main(port: MessagePort, { storeFile, readDbFile }: BenchWorkerData): Promise<void> {
  // Loaded on use, as every CLI module loads the store.
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  const store = SqliteEventStore.openReader({ file: storeFile });
  hostProjections(port, store, readDbFile, () => store.close());
}

if (parentPort) {
  const port = parentPort;
  main(port, workerData as BenchWorkerData).catch((error: unknown) => reportFatalStart(port, error));
}
