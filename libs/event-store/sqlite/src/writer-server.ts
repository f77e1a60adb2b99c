import { performance } from 'node:perf_hooks';
import { BroadcastChannel } from 'node:worker_threads';
import { type ThreadPort, ThreadServer } from '@liars-dice/platform-threads';
import Database from 'better-sqlite3';
import { GroupCommitWriter } from './group-commit-writer';
import { commitChannelName, type WriteRequest, type WriterData, type WriterProtocol } from './writer-protocol';

const origin = performance.timeOrigin;
const wallNow = (): number => origin + performance.now();

/**
 * The writer: every write that arrived in one event-loop turn is committed as one group. On its own thread (the
 * default), COMMIT with synchronous=FULL blocks only that thread on fsync, and the requests that pile up in its
 * port meanwhile are the next group; in process (THREADS_IN_PROCESS) it blocks the main thread. `onClose` runs
 * once the writer has closed its database.
 */
export function serveWriter(port: ThreadPort, { file }: WriterData, onClose: () => void = () => undefined): void {
  const db = new Database(file);
  db.defaultSafeIntegers(true);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const writer = new GroupCommitWriter(db);
  // Readers in other threads (SqliteEventStore.openReader) wake on this; the owning store hears the replies.
  const commits = new BroadcastChannel(commitChannelName(file));
  let unannounced = false;
  const announce = (): void => {
    if (unannounced) commits.postMessage(null);
    unannounced = false;
  };

  const commitGroup = (group: readonly WriteRequest[], received: readonly number[]) => {
    const started = wallNow();
    const { results, ...outcome } = writer.commit(group);
    server.tell('group', { ...outcome, timing: { received, started, ended: wallNow() } });
    // After the post that carries the replies (queued at the end of this run, before this).
    if (outcome.committed && !unannounced) queueMicrotask(announce);
    unannounced ||= outcome.committed;
    return results;
  };
  const server: ThreadServer<WriterProtocol> = new ThreadServer<WriterProtocol>(port, {
    requests: {
      write: { batch: commitGroup },
      // Read back, not assumed: a pragma SQLite does not take is silently ignored.
      settings: () => ({ synchronous: Number(db.pragma('synchronous', { simple: true })), journalMode: String(db.pragma('journal_mode', { simple: true })).toLowerCase() }),
    },
    on: {
      close: () => {
        server.runBatches();
        server.close();
        announce();
        db.close();
        commits.close();
        onClose();
      },
    },
  });
  server.ready();
}
