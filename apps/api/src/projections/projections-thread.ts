import type { Worker } from 'node:worker_threads';
import { startWorker } from '@liars-dice/platform-threads';
import type { StoreChoice } from '../event-store';

export interface ProjectionsThreadData {
  readonly store: StoreChoice;
  readonly readDbFile: string;
}

/**
 * Starts the projections thread for this store, or null when the store cannot be read from another thread
 * (memory) or THREADS_IN_PROCESS names it: the runner then shares the API's thread. Compiled code runs the
 * compiled worker; from TypeScript sources (Jest) the worker compiles itself through tools/ts-require.cjs.
 */
export function projectionsThreadFor(store: StoreChoice, readDbFile: string): (() => Worker) | null {
  if (store.store === 'memory' || store.env.THREADS_IN_PROCESS?.includes('projections')) return null;
  const workerData: ProjectionsThreadData = { store: { store: store.store, dataDir: store.dataDir, env: { EVENTSTORE_CONNECTION_STRING: store.env.EVENTSTORE_CONNECTION_STRING } }, readDbFile };
  return () => startWorker(__filename, 'projections.worker', { workerData, resourceLimits: WORKER_LIMITS });
}

/**
 * A young generation of 48 MiB (16 MiB semi-spaces) for this thread: an unbounded one keeps growing into resident
 * memory. An old generation of at most 384 MiB: V8 sets the next full collection at 4× the live data
 * (`--heap-growing-percent`, apps/api/node-flags.cjs) but never past halfway from it to this bound, so the heap
 * stays near its working size (ADR 0024). The main thread's `--max-semi-space-size` is cleared before this thread
 * starts (apps/api/src/main.ts): the flag would override this bound. Its live data is the facts cache (bounded)
 * and the batch in hand; a thread that ever ran out would be restarted from its checkpoints like any that dies.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 384 };
