import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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
  const compiled = path.join(__dirname, 'projections.worker.js');
  if (__filename.endsWith('.js') && existsSync(compiled)) return () => new Worker(compiled, { workerData });
  const hook = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');
  const source = path.join(__dirname, 'projections.worker.ts');
  return () => new Worker(`require(${JSON.stringify(hook)}); require(${JSON.stringify(source)});`, { eval: true, workerData });
}
