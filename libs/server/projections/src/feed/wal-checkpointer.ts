import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICENESS } from '@liars-dice/server-platform';
import type { ReadDb } from '../read-database';

/**
 * How often the worker copies the WAL back into the database file. Each checkpoint costs two fsyncs (WAL, then
 * file) whatever its size, on the disk the event store's commits fsync too, and a page the runner rewrote many
 * times in between is copied once: at 300 tables, 1 s instead of 200 ms made 42 fsyncs instead of 203 in a run
 * (1.4 s of waiting instead of 2.7 s) for the same frames (docs/adr/0023). The WAL then holds about 1 s of the
 * runner's commits (≈ 700 frames at 300 tables), far below the backstop.
 */
const EVERY_MS = 1_000;
/** SQLite's own auto-checkpoint stays as a backstop (a stuck worker), far above what the worker lets build up. */
const BACKSTOP_PAGES = 16_000;

/**
 * The worker's whole program: its own connection to the read database, a PASSIVE checkpoint on a timer (it
 * never blocks the runner's writes or the API's reads), closed on 'stop'. Plain JavaScript evaluated in the
 * worker, so it runs the same from compiled code and under the tests' TypeScript.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
// A background thread (libs/server/platform background-thread.ts), set here: this program is plain JavaScript.
if (process.platform === 'linux') try { const os = require('node:os'); os.setPriority(Math.min(19, os.getPriority() + workerData.niceness)); } catch {}
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/**
 * Runs the read database's WAL checkpoints in a worker thread. A checkpoint copies the WAL into the file and
 * fsyncs it (synchronous=NORMAL syncs only there); run by SQLite's auto-checkpoint inside a commit, it blocked
 * the event loop for 10–20 ms every few hundred commits, which was most of the projections' lag p99
 * (docs/benchmarks/projections.md). The commits themselves are unchanged: same transaction, same durability.
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
    const worker = new Worker(PROGRAM, { eval: true, workerData: { file, module: require.resolve('better-sqlite3'), everyMs: EVERY_MS, niceness: BACKGROUND_NICENESS } });
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
