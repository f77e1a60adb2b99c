import { performance } from 'node:perf_hooks';
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';
import { reportThreadMemory } from '@liars-dice/platform-threads';
import Database from 'better-sqlite3';
import { GroupCommitWriter } from './group-commit-writer';
import { commitChannelName, type FromWriter, type ToWriter, type WriteRequest, type WriterData } from './writer-protocol';

const origin = performance.timeOrigin;
const wallNow = (): number => origin + performance.now();

/**
 * The writer thread. COMMIT with synchronous=FULL blocks on fsync; here it blocks only this thread. While it
 * does, new requests pile up in the message port and are all committed together by the next flush.
 */
function main(port: NonNullable<typeof parentPort>, { file }: WriterData): void {
  const db = new Database(file);
  db.defaultSafeIntegers(true);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const writer = new GroupCommitWriter(db);
  const queue: WriteRequest[] = [];
  /** When each queued request arrived (epoch ms, for the timings the store reports). */
  const arrivals: number[] = [];
  let flushing = false;
  const send = (message: FromWriter): void => port.postMessage(message);
  // Readers in other threads (SqliteEventStore.openReader) wake on this; the owning store hears the results.
  const commits = new BroadcastChannel(commitChannelName(file));
  // Its heap on /metrics next to the other threads' (the API's ThreadMemory listens). Not a background thread: every
  // player's command waits on its commits.
  const stopReporting = reportThreadMemory('sqlite-writer');

  const flush = (): void => {
    flushing = false;
    const group = queue.splice(0);
    const received = arrivals.splice(0);
    if (group.length === 0) return;
    const started = wallNow();
    const outcome = writer.commit(group);
    send({ kind: 'results', ...outcome, timing: { received, started, ended: wallNow() } });
    if (outcome.committed) commits.postMessage(null);
  };

  port.on('message', (message: ToWriter) => {
    if (message.kind === 'settings') {
      // Read back, not assumed: a pragma SQLite does not take is silently ignored.
      const synchronous = Number(db.pragma('synchronous', { simple: true }));
      const journalMode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
      send({ kind: 'settings', synchronous, journalMode });
      return;
    }
    if (message.kind === 'close') {
      flush();
      stopReporting();
      db.close();
      commits.close();
      port.close();
      return;
    }
    queue.push(...message.requests);
    const now = wallNow();
    for (let i = 0; i < message.requests.length; i++) arrivals.push(now);
    if (!flushing) {
      flushing = true;
      // setImmediate runs after every message already waiting in the port was queued: that is the group.
      setImmediate(flush);
    }
  });
  send({ kind: 'ready' });
}

if (parentPort) {
  try {
    main(parentPort, workerData as WriterData);
  } catch (error) {
    parentPort.postMessage({ kind: 'fatal', message: (error as Error).message } satisfies FromWriter);
  }
}
