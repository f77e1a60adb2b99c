import { parentPort, workerData } from 'node:worker_threads';
import { asBackgroundThread, reportThreadMemory } from '@liars-dice/platform-threads';
import Database from 'better-sqlite3';

/** What WalCheckpointer.start hands its thread. */
export interface WalCheckpointData {
  readonly file: string;
  readonly everyMs: number;
}

/**
 * The WAL-checkpoint thread: its own connection to the read database, a PASSIVE checkpoint on a timer (it never
 * blocks the runner's writes or the API's reads), closed on any message. A checkpoint that fails is posted as text
 * (the next one retries). It imports nothing of Nest: only better-sqlite3 and the platform's thread helpers.
 */
function main(port: NonNullable<typeof parentPort>, { file, everyMs }: WalCheckpointData): void {
  const db = new Database(file);
  // Checkpoints can wait for a core; players' commands cannot (ADR 0020).
  asBackgroundThread();
  const stopReporting = reportThreadMemory('wal-checkpoint');
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      port.postMessage(String(error));
    }
  }, everyMs);
  port.on('message', () => {
    clearInterval(timer);
    stopReporting();
    db.close();
    port.close();
  });
}

if (parentPort) main(parentPort, workerData as WalCheckpointData);
