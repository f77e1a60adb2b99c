import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { startWorker, TurnOutbox } from '@liars-dice/platform-threads';
import {
  DuplicateEventIdError,
  EventStoreError,
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
  type StoredJsonEvent,
} from '@liars-dice/event-store-port';
import type {
  FromWriter,
  GroupTiming,
  SerializedError,
  ToWriter,
  WriteRequest,
  WriteResult,
  WriterData,
  WriterSettings,
} from './writer-protocol';

type Pending = {
  readonly request: WriteRequest;
  /** When `write` was called and when the request was posted to the writer thread (epoch ms). */
  readonly queuedAt: number;
  postedAt: number;
  resolve: (result: { lastRevision: bigint; position: bigint }) => void;
  reject: (error: Error) => void;
};

/** One committed group as this process wrote it: `rows` are every event at a position after `before`. */
export interface CommittedGroup {
  readonly before: bigint | null;
  readonly rows: readonly StoredJsonEvent[];
}
/**
 * Where one write's time went, in milliseconds, from `write` to the main thread taking its result: what the
 * store reports (`SqliteEventStoreOptions.onWriteTiming`) so /metrics can say which step holds a slow command.
 */
export interface WriteTiming {
  /**
   * `write` → posted to the writer thread: the rest of that JavaScript run when the writer was idle, else the rest of
   * the main thread's event-loop turn or until the writer's results came back, whichever was first (ADR 0040).
   */
  readonly queued: number;
  /** Posted → arrived in the writer thread. */
  readonly toWriter: number;
  /** Arrived → its group's transaction began: the commit before it, and the writer's own turn. */
  readonly inWriter: number;
  /** The group's transaction, its COMMIT's fsync included. */
  readonly commit: number;
  /** Committed → the main thread took the results: its event loop's delay. */
  readonly toMain: number;
  /** How many requests the group carried. */
  readonly group: number;
}
export type WriteTimingObserver = (timing: WriteTiming) => void;

const timeOrigin = performance.timeOrigin;
const wallNow = (): number => timeOrigin + performance.now();

type Distributive<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/** The main-thread end of the writer thread: batches the requests of one run or turn and settles them from the results. */
export class WriterClient {
  private readonly pending = new Map<number, Pending>();
  private settingsWaiters: { resolve: (settings: WriterSettings) => void; reject: (error: Error) => void }[] = [];
  private readonly outbox: TurnOutbox<WriteRequest>;
  /** Requests posted whose results have not come back: the writer is busy (or its results are on their way). */
  private inWriter = 0;
  private nextId = 1;
  /**
   * Transactions committed and requests they carried (requests / commits is the mean group size), and posts to the
   * writer thread (each costs this thread a structured clone and a wake-up of the writer, ADR 0040).
   */
  readonly stats = { commits: 0, requests: 0, posts: 0 };
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    private readonly onCommit: (group: CommittedGroup) => void,
    private readonly observe: WriteTimingObserver | undefined,
  ) {
    // A writer with nothing of ours gets a run's requests when the run ends, and starts on them while this thread goes
    // on with the next socket's data (waiting for the whole turn then held every append, ADR 0028). A busy writer
    // takes what arrives during its commit as its next group anyway: those requests wait for this thread's turn to
    // end, or for the results that show the writer idle, and go as one post (ADR 0040).
    this.outbox = new TurnOutbox<WriteRequest>((requests) => this.post(requests as WriteRequest[]), { eager: () => this.inWriter === 0 });
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: FromWriter) => this.receive(message));
    worker.on('error', (error) =>
      this.fail(new EventStoreUnavailableError(`the SQLite writer thread failed: ${error.message}`, error)),
    );
    worker.on('exit', () =>
      this.fail(new EventStoreUnavailableError('the SQLite writer thread has stopped')),
    );
  }

  static async start(file: string, onCommit: (group: CommittedGroup) => void, observe?: WriteTimingObserver): Promise<WriterClient> {
    const worker = spawnWriter({ file });
    const ready = await new Promise<FromWriter>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (ready.kind !== 'ready') {
      await worker.terminate();
      throw new EventStoreUnavailableError(
        `the SQLite writer could not open ${file}: ${ready.kind === 'fatal' ? ready.message : ready.kind}`,
      );
    }
    return new WriterClient(worker, onCommit, observe);
  }

  write(request: Distributive<WriteRequest>): Promise<{ lastRevision: bigint; position: bigint }> {
    if (this.failure) return Promise.reject(this.failure);
    const requestId = this.nextId++;
    // Not `{ ...request, requestId }`: V8 (Node 20) adds a property to a spread copy ~5× slower (ADR 0029).
    const full = Object.assign({}, request, { requestId }) as WriteRequest;
    this.outbox.push(full);
    const queuedAt = this.observe ? wallNow() : 0;
    return new Promise((resolve, reject) => this.pending.set(requestId, { request: full, queuedAt, postedAt: queuedAt, resolve, reject }));
  }

  /** The writer connection's `synchronous` and `journal_mode`, read back from SQLite in the writer thread. */
  settings(): Promise<WriterSettings> {
    if (this.failure) return Promise.reject(this.failure);
    this.worker.postMessage({ kind: 'settings' } satisfies ToWriter);
    return new Promise((resolve, reject) => this.settingsWaiters.push({ resolve, reject }));
  }

  async close(): Promise<void> {
    if (this.failure) return;
    this.outbox.flush();
    this.failure = new EventStoreUnavailableError('the SQLite event store is closed');
    this.worker.postMessage({ kind: 'close' } satisfies ToWriter);
    await this.exited;
  }

  private post(requests: WriteRequest[]): void {
    if (this.failure) return;
    this.inWriter += requests.length;
    this.stats.posts += 1;
    if (this.observe) this.stampPosted(requests);
    this.worker.postMessage({ kind: 'write', requests } satisfies ToWriter);
  }

  private receive(message: FromWriter): void {
    if (message.kind === 'fatal')
      return this.fail(new EventStoreUnavailableError(`the SQLite writer failed: ${message.message}`));
    if (message.kind === 'settings') {
      const { synchronous, journalMode } = message;
      return this.settingsWaiters.shift()?.resolve({ synchronous, journalMode });
    }
    if (message.kind !== 'results') return;
    this.inWriter -= message.results.length;
    if (this.inWriter === 0) this.outbox.flushSoon();
    if (this.observe) this.report(message.results, message.timing, this.observe);
    const group = message.committed ? { before: message.before, rows: this.rowsOf(message.results, message.committedAt) } : null;
    // Appenders hear first, subscriptions next: a writer that folds what it appended (the match repository) has
    // done so by the time its own subscription brings the same events, and can be spared folding them twice.
    for (const result of message.results) this.settle(result);
    if (group) {
      this.stats.commits += 1;
      this.stats.requests += message.results.length;
      this.onCommit(group);
    }
  }

  /**
   * The events a committed group inserted, rebuilt from the requests this client sent (the JSON text it stored)
   * and the positions the writer reports, in position order: exactly what reading them back would return.
   */
  private rowsOf(results: readonly WriteResult[], created: bigint): StoredJsonEvent[] {
    const rows: StoredJsonEvent[] = [];
    for (const result of results) {
      const request = this.pending.get(result.requestId)?.request;
      if (!result.ok || !result.inserted || request?.kind !== 'append') continue;
      const { stream, events } = request;
      const first = events.length - 1;
      events.forEach(({ id, type, data, metadata }, index) => {
        const back = BigInt(first - index);
        // Named fields, not `{ ...event, … }`: V8 built these rows ~40× slower by spreading (~10 µs each, ADR 0029).
        rows.push({ id, type, data, metadata, stream, revision: result.lastRevision - back, position: result.position - back, created });
      });
    }
    return rows;
  }

  private stampPosted(requests: readonly WriteRequest[]): void {
    const now = wallNow();
    for (const { requestId } of requests) {
      const pending = this.pending.get(requestId);
      if (pending) pending.postedAt = now;
    }
  }

  private report(results: readonly WriteResult[], timing: GroupTiming, observe: WriteTimingObserver): void {
    const now = wallNow();
    const toMain = now - timing.ended;
    const commit = timing.ended - timing.started;
    results.forEach(({ requestId }, index) => {
      const pending = this.pending.get(requestId);
      const received = timing.received[index];
      if (!pending || received === undefined) return;
      const { queuedAt, postedAt } = pending;
      observe({ queued: postedAt - queuedAt, toWriter: received - postedAt, inWriter: timing.started - received, commit, toMain, group: results.length });
    });
  }

  private settle(result: WriteResult): void {
    const pending = this.pending.get(result.requestId);
    this.pending.delete(result.requestId);
    if (!pending) return;
    if (result.ok) pending.resolve({ lastRevision: result.lastRevision, position: result.position });
    else pending.reject(deserializeError(result.error));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
    for (const { reject } of this.settingsWaiters.splice(0)) reject(this.failure);
  }
}

/**
 * The writer's young generation: 12 MiB (4 MiB semi-spaces). Its garbage is each batch's cloned events and statement
 * results, dead by the next batch; under V8's default (16 MiB semi-spaces, sized for the main thread's requests) its
 * young generation crept from 8 to 32 MiB through a 10-minute soak, RSS that looked like a leak (docs/adr/0062).
 */
const WRITER_LIMITS = { maxYoungGenerationSizeMb: 12 };

/** Compiled code runs the compiled worker; from TypeScript sources (Jest), the worker compiles itself. */
function spawnWriter(workerData: WriterData): Worker {
  return startWorker(__filename, 'writer.worker', { workerData, resourceLimits: WRITER_LIMITS });
}

function deserializeError({ name, message, fields }: SerializedError): Error {
  const f = fields as {
    stream: string;
    expected: ExpectedRevision;
    actual: bigint | 'no_stream';
    eventId: string;
    existingStream: string;
  };
  switch (name) {
    case 'WrongExpectedRevisionError':
      return new WrongExpectedRevisionError(f.stream, f.expected, f.actual);
    case 'DuplicateEventIdError':
      return new DuplicateEventIdError(f.eventId, f.existingStream);
    case 'StreamNotFoundError':
      return new StreamNotFoundError(f.stream);
    case 'EventStoreUnavailableError':
      return new EventStoreUnavailableError(message);
    default:
      return new EventStoreError(`${name}: ${message}`);
  }
}
