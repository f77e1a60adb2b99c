import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EventStore } from '@liars-dice/event-store-port';
import { openReadDatabase, ProjectionEngine, ProjectionRunner, ProjectionsThread, type ReadDb, WalCheckpointer } from '@liars-dice/server-projections';
import type { BenchWorkerData } from './bench-worker';

/** Where the projections run: on this (main) thread, or in the worker thread the API uses (docs/adr/0009). */
export type ProjectionHost = 'main-thread' | 'worker';

/** What the benchmark needs of a running projections host. */
export interface RunningProjections {
  /** Resolves once the event at `position` is in the read models, as this thread hears it. */
  whenApplied(position: bigint): Promise<void>;
  /** Projection applications so far. */
  applications(): number;
  stop(): Promise<void>;
}

export interface HostSetup {
  readonly store: EventStore;
  readonly storeFile: string;
  readonly dir: string;
  /** False: the main-thread pipeline with no projection (the old baseline). */
  readonly projections: boolean;
  readonly inlineCheckpoints: boolean;
  /** Store commit → read-model commit, ms, one per event (what liars_dice_projection_lag_seconds measures). */
  readonly onLag: (ms: number) => void;
  readonly progress: (line: string) => void;
}

/** The runner in this thread on its own read database, WAL checkpoints in a worker: the baseline without ADR 0009's thread. */
function onMainThread(setup: HostSetup): RunningProjections {
  const db: ReadDb = openReadDatabase(path.join(setup.dir, 'read.sqlite'));
  const checkpointer = setup.inlineCheckpoints ? null : WalCheckpointer.start(db, (message) => setup.progress(`checkpoint failed: ${message}\n`));
  const engine = new ProjectionEngine(db, setup.projections ? undefined : []);
  const runner = new ProjectionRunner(setup.store, engine, { onCommitted: (event, at) => setup.onLag(at - event.created.getTime()) });
  runner.start();
  return {
    whenApplied: (position) => runner.whenApplied(position),
    applications: () => engine.states().reduce((sum, s) => sum + s.events, 0),
    async stop() {
      await runner.stop();
      await checkpointer?.stop();
      db.close();
    },
  };
}

/**
 * The API's projections thread: `hostProjections` in a worker with its own read-only store connection (woken by
 * the store writer's commit broadcast) and its own read database; this thread holds the API's end of it,
 * `ProjectionsThread`, and hears each batch's lags and position from it.
 */
async function inWorker(setup: HostSetup): Promise<RunningProjections> {
  let applications = 0;
  const workerData: BenchWorkerData = { storeFile: setup.storeFile, readDbFile: path.join(setup.dir, 'read.sqlite') };
  const worker = new Worker(path.join(__dirname, 'bench-worker.js'), { workerData });
  const thread = await ProjectionsThread.start(worker, {
    metrics: { lag: { observe: (seconds) => setup.onLag(seconds * 1000) }, applied: { inc: (n) => (applications += n) } },
    onError: (error) => setup.progress(`projections thread: ${error instanceof Error ? error.message : String(error)}\n`),
    onUnexpectedExit: (error) => setup.progress(`projections thread: ${error.message}\n`),
  });
  return { whenApplied: (position) => thread.whenApplied(position), applications: () => applications, stop: () => thread.stop() };
}

export function startProjections(host: ProjectionHost, setup: HostSetup): Promise<RunningProjections> {
  return host === 'worker' ? inWorker(setup) : Promise.resolve(onMainThread(setup));
}
