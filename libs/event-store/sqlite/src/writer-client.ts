import { performance } from 'node:perf_hooks';
import { InProcessThread, startWorker, ThreadClient, type ThreadHandle } from '@liars-dice/platform-threads';
import {
  DuplicateEventIdError,
  EventStoreError,
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
  type StoredJsonEvent,
} from '@liars-dice/event-store-port';
import { serveWriter } from './writer-server';
import type { GroupReport, SerializedError, WriteRequest, WriteResult, WriterData, WriterProtocol, WriterSettings } from './writer-protocol';

interface Pending {
  readonly request: WriteRequest;
  /** When `write` was called and when the request was posted to the writer thread (epoch ms). */
  readonly queuedAt: number;
  postedAt: number;
  result?: WriteResult;
  readonly resolve: (result: { lastRevision: bigint; position: bigint }) => void;
  readonly reject: (error: Error) => void;
}

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
   * the main thread's event-loop turn or until the writer's results came back, whichever was first.
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

/**
 * The main-thread end of the writer thread: posts the requests of one run or turn together and settles them from
 * the replies, then tells the store what each committed group wrote.
 */
export class WriterClient {
  /** The group the writer last reported, and its replies so far: they follow its report in the same post. */
  private group: { readonly report: GroupReport; readonly replies: Pending[] } | null = null;
  /** Requests asked and not yet posted (stamped when posted, for the timings). */
  private unposted: Pending[] = [];
  /**
   * Transactions committed and requests they carried (requests / commits is the mean group size), and posts to the
   * writer thread (each costs this thread a structured clone and a wake-up of the writer).
   */
  readonly stats = { commits: 0, requests: 0, posts: 0 };
  private client!: ThreadClient<WriterProtocol>;

  private constructor(
    private readonly onCommit: (group: CommittedGroup) => void,
    private readonly observe: WriteTimingObserver | undefined,
  ) {}

  /** The writer on its own thread, or in this one (`inProcess`: THREADS_IN_PROCESS names sqlite-writer). */
  static async start(file: string, onCommit: (group: CommittedGroup) => void, options: { observe?: WriteTimingObserver; inProcess?: boolean } = {}): Promise<WriterClient> {
    const thread = options.inProcess ? new InProcessThread((port) => serveWriter(port, { file })) : spawnWriter({ file });
    const writer = new WriterClient(onCommit, options.observe);
    try {
      writer.client = await ThreadClient.started<WriterProtocol>(thread, {
        // A writer with nothing of ours gets a run's requests when the run ends, and starts on them while this thread goes
        // on with the next socket's data. A busy writer takes what arrives during its commit as its next group anyway:
        // those requests wait for this thread's turn to end, or for the replies that show the writer idle, and go as one
        // post (ADR 0001).
        posting: 'idle-first',
        on: { group: (report) => (writer.group = { report, replies: [] }) },
        gone: (cause) => new EventStoreUnavailableError('error' in cause ? `the SQLite writer thread failed: ${cause.error.message}` : 'the SQLite writer thread has stopped'),
        onPost: () => writer.posted(),
      });
    } catch (error) {
      await thread.terminate();
      throw new EventStoreUnavailableError(`the SQLite writer could not open ${file}: ${(error as Error).message}`);
    }
    return writer;
  }

  write(request: WriteRequest): Promise<{ lastRevision: bigint; position: bigint }> {
    const queuedAt = this.observe ? wallNow() : 0;
    return new Promise((resolve, reject) => {
      const pending: Pending = { request, queuedAt, postedAt: queuedAt, resolve, reject };
      if (this.observe) this.unposted.push(pending);
      this.client.call('write', request, (error, result) => (error ? reject(error) : this.replied(pending, result as WriteResult)));
    });
  }

  /** The writer connection's `synchronous` and `journal_mode`, read back from SQLite in the writer thread. */
  settings(): Promise<WriterSettings> {
    return this.client.request('settings', null);
  }

  async close(): Promise<void> {
    if (this.client.gone) return;
    this.client.tell('close', null);
    this.client.close(new EventStoreUnavailableError('the SQLite event store is closed'));
    await this.client.exited;
  }

  private posted(): void {
    this.stats.posts += 1;
    const now = wallNow();
    for (const pending of this.unposted) pending.postedAt = now;
    this.unposted = [];
  }

  /**
   * One reply of the group reported last. Appenders hear first, subscriptions next: once the group's last reply
   * is settled, a writer that folds what it appended (the match repository) has done so by the time its own
   * subscription brings the same events, and can be spared folding them twice.
   */
  private replied(pending: Pending, result: WriteResult): void {
    pending.result = result;
    if (result.ok) pending.resolve({ lastRevision: result.lastRevision, position: result.position });
    else pending.reject(deserializeError(result.error));
    const group = this.group;
    if (!group) return;
    group.replies.push(pending);
    if (group.replies.length < group.report.timing.received.length) return;
    this.group = null;
    if (this.observe) this.report(group.report, group.replies, this.observe);
    if (!group.report.committed) return;
    this.stats.commits += 1;
    this.stats.requests += group.replies.length;
    this.onCommit({ before: group.report.before, rows: rowsOf(group.replies, group.report.committedAt) });
  }

  private report({ timing }: GroupReport, replies: readonly Pending[], observe: WriteTimingObserver): void {
    const now = wallNow();
    const toMain = now - timing.ended;
    const commit = timing.ended - timing.started;
    replies.forEach(({ queuedAt, postedAt }, index) => {
      const received = timing.received[index] as number;
      observe({ queued: postedAt - queuedAt, toWriter: received - postedAt, inWriter: timing.started - received, commit, toMain, group: replies.length });
    });
  }
}

/**
 * The events a committed group inserted, rebuilt from the requests this client sent (the JSON text it stored)
 * and the positions the writer reports, in position order: exactly what reading them back would return.
 */
function rowsOf(replies: readonly Pending[], created: bigint): StoredJsonEvent[] {
  const rows: StoredJsonEvent[] = [];
  for (const { request, result } of replies) {
    if (!result?.ok || !result.inserted || request.kind !== 'append') continue;
    const { stream, events } = request;
    const first = events.length - 1;
    events.forEach(({ id, type, data, metadata }, index) => {
      const back = BigInt(first - index);
      // Named fields, not `{ ...event, … }`: V8 builds a spread copy with added fields far slower (ADR 0028).
      rows.push({ id, type, data, metadata, stream, revision: result.lastRevision - back, position: result.position - back, created });
    });
  }
  return rows;
}

/**
 * The writer's young generation: 12 MiB (4 MiB semi-spaces). Its garbage is each batch's cloned events and statement
 * results, dead by the next batch; V8's default, sized for the main thread's requests, would only let it grow into
 * resident memory (ADR 0024).
 */
const WRITER_LIMITS = { maxYoungGenerationSizeMb: 12 };

/** Compiled code runs the compiled worker; from TypeScript sources (Jest), the worker compiles itself. */
function spawnWriter(workerData: WriterData): ThreadHandle {
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
