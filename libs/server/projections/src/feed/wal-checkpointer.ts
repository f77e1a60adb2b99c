import type { Worker } from 'node:worker_threads';
import { startWorker } from '@liars-dice/platform-threads';
import type { ReadDb } from '../read-database';
import type { WalCheckpointData } from './wal-checkpoint.worker';

/**
 * How often the worker copies the WAL back into the database file. Each checkpoint costs two fsyncs (WAL, then
 * file) whatever its size, on the disk the event store's commits fsync too, and a page the runner rewrote many
 * times in between is copied once: a longer period pays fewer fsyncs for the same frames (ADR 0008). The WAL then
 * holds about a second of the runner's commits, far below the backstop.
 */
const EVERY_MS = 1_000;
/** SQLite's own auto-checkpoint stays as a backstop (a stuck worker), far above what the worker lets build up. */
const BACKSTOP_PAGES = 16_000;

/**
 * Runs the read database's WAL checkpoints in a worker thread. A checkpoint copies the WAL into the file and
 * fsyncs it (synchronous=NORMAL syncs only there); run by SQLite's auto-checkpoint inside a commit, it would
 * block the runner's event loop for those fsyncs, the projections' lag tail (docs/benchmarks/projections.md). The
 * commits themselves are unchanged: same transaction, same durability.
 */
export class WalCheckpointer {
  private readonly exited: Promise<unknown>;

  private constructor(private readonly worker: Worker) {
    // Noted at once: a worker that already died (it could not open the file) must not hang stop().
    this.exited = new Promise((resolve) => worker.once('exit', resolve));
  }

  /**
   * Moves `db`'s checkpoints to a worker; null for an in-memory database (no WAL). `onError` hears a checkpoint
   * that failed (the next one retries).
   */
  static start(db: ReadDb, onError: (message: string) => void = () => undefined): WalCheckpointer | null {
    if (db.memory) return null;
    const file = db.name;
    db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const workerData: WalCheckpointData = { file, everyMs: EVERY_MS };
    const worker = startWorker(__filename, 'wal-checkpoint.worker', { workerData });
    worker.on('message', (message: string) => onError(message));
    worker.on('error', (error) => onError(error.message));
    worker.unref();
    return new WalCheckpointer(worker);
  }

  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.exited;
  }
}
