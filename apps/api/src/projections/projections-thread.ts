import type { Worker } from 'node:worker_threads';
import { startWorker } from '@liars-dice/platform-threads';
import type { StoreChoice } from '../event-store';

export interface ProjectionsThreadData {
  readonly store: StoreChoice;
  readonly readDbFile: string;
}

/**
 * Starts the projections thread for this store, or null when the store cannot be read from another thread
 * (memory): the runner then shares the API's thread. Compiled code runs the compiled worker; from TypeScript
 * sources (Jest) the worker compiles itself through tools/ts-require.cjs.
 */
export function projectionsThreadFor(store: StoreChoice, readDbFile: string): (() => Worker) | null {
  if (store.store === 'memory') return null;
  const workerData: ProjectionsThreadData = { store: { store: store.store, dataDir: store.dataDir, env: { EVENTSTORE_CONNECTION_STRING: store.env.EVENTSTORE_CONNECTION_STRING } }, readDbFile };
  return () => startWorker(__filename, 'projections.worker', { workerData, resourceLimits: WORKER_LIMITS });
}

/**
 * V8's own young generation (48 MiB) for this thread: the process-wide `--max-semi-space-size`
 * (apps/api/node-flags.cjs) is meant for the main thread's request garbage, but every isolate inherits it, and
 * in a 300-table soak this thread's heap kept growing into it (58 → 204 MiB in three minutes, live data ~60 MiB),
 * most of the RSS growth left after the match caches were bounded (docs/benchmarks/scale.md).
 * An old generation of at most 384 MiB (the process default here is ~4 GiB): V8 lets the old generation grow to
 * up to 4× its live data under a multi-GiB maximum but ~1.35× under this one, and at 1,000 tables this thread's
 * heap total reached 226 MiB over ~70 MiB used (docs/adr/0024). Its live data is the facts cache (bounded) and
 * the batch in hand; a thread that ever ran out would be restarted from its checkpoints like any that dies.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 384 };
