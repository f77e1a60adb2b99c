import type Database from 'better-sqlite3';
import {
  CatchUpSubscription,
  CommitSignal,
  EventStoreUnavailableError,
  StreamNotFoundError,
  SubscriptionRegistry,
  prepareAppend,
  streamExists,
  validateExpectedRevision,
  validateFilter,
  validateReadOptions,
  validateStreamName,
  validateSubscriptionFrom,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamName,
  type SubscribeToAllOptions,
  type SubscribeToStreamOptions,
  type Subscription,
} from '@liars-dice/event-store-port';
import { BroadcastChannel } from 'node:worker_threads';
import { EventReader, type Range } from './event-reader';
import { openReaderDatabase, openStoreDatabase } from './open-database';
import { RecentCommits } from './recent-commits';
import { WriterClient, type WriteTimingObserver } from './writer-client';
import { commitChannelName, type WriterSettings } from './writer-protocol';

export interface SqliteEventStoreOptions {
  /** Path of the database file; its directory is created if missing. */
  readonly file: string;
  /** Told where each append's time went (writer-client.ts `WriteTiming`): the API puts it on /metrics. */
  readonly onWriteTiming?: WriteTimingObserver;
  /** The writer on the calling thread instead of its own (THREADS_IN_PROCESS), to compare what its thread buys. */
  readonly writerInProcess?: boolean | undefined;
}

/**
 * The embedded default. Appends go to a writer thread that group-commits them (WAL, synchronous=FULL);
 * reads and subscriptions run here on a second connection, woken as soon as a commit is acknowledged.
 * Live `$all` subscriptions take what this store's own commits wrote from memory (`RecentCommits`) rather
 * than reading it back. `openReader` gives another thread of the same process its own read-only store on the
 * file, woken by the writer thread's commit broadcast.
 */
export class SqliteEventStore implements EventStore {
  private readonly signal = new CommitSignal();
  private readonly recent = new RecentCommits();
  private readonly subscriptions = new SubscriptionRegistry();
  private readonly reader: EventReader;
  private writer: WriterClient | undefined;
  private commits: BroadcastChannel | undefined;
  private closed = false;

  private constructor(private readonly db: Database.Database) {
    this.reader = new EventReader(db);
  }

  static async open(options: SqliteEventStoreOptions): Promise<SqliteEventStore> {
    const db = openStoreDatabase(options.file);
    const store = new SqliteEventStore(db);
    try {
      store.writer = await WriterClient.start(options.file, (group) => {
        store.recent.add(group);
        store.signal.notify();
      }, { observe: options.onWriteTiming, inProcess: options.writerInProcess });
    } catch (error) {
      db.close();
      throw error;
    }
    return store;
  }

  /**
   * Reads and subscriptions only, on a file that a store opened with `open` in this process writes (projections
   * run in a worker thread with one). Commits made by other processes are not signalled.
   */
  static openReader(options: SqliteEventStoreOptions): SqliteEventStore {
    const store = new SqliteEventStore(openReaderDatabase(options.file));
    const commits = new BroadcastChannel(commitChannelName(options.file));
    commits.onmessage = () => store.signal.notify();
    // A subscription in progress keeps its thread alive by its own pending work, never by this channel.
    commits.unref();
    store.commits = commits;
    return store;
  }

  async appendToStream(
    stream: StreamName,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const append = prepareAppend(stream, events, options?.expectedRevision ?? 'any');
    const result = await this.writable().write({ kind: 'append', ...append });
    return { nextExpectedRevision: result.lastRevision, position: result.position };
  }

  async readStream(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const read = await this.readStreamIfExists(stream, options);
    if (!read) throw new StreamNotFoundError(stream);
    return read;
  }

  async readStreamIfExists(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[] | null> {
    validateStreamName(stream);
    validateReadOptions(options, 'fromRevision');
    this.open();
    const head = this.reader.head(stream);
    if (!streamExists(head)) return null;
    const range = toRange(options?.direction, options?.fromRevision, options?.maxCount);
    // A cache asking for the events past the revision it folded (the match repository, sanctions) finds none
    // almost always: the head just read says so without a second query.
    if (!range || (range.direction === 'forwards' && range.from !== null && range.from > (head.lastRevision as bigint))) return [];
    return this.reader.stream(stream, head.deletedUpTo, range);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    validateReadOptions(options, 'fromPosition');
    this.open();
    const range = toRange(options?.direction, options?.fromPosition, options?.maxCount);
    return range ? this.reader.all(range, options?.filter) : [];
  }

  subscribeToAll(options?: SubscribeToAllOptions): Subscription {
    validateSubscriptionFrom(options?.from, 'position');
    validateFilter(options?.filter);
    this.open();
    const from = options?.from ?? 'start';
    const filter = options?.filter;
    const after = from === 'start' ? null : from === 'end' ? this.reader.lastPosition() : from.position;
    return this.subscriptions.track(
      (onClose) =>
        new CatchUpSubscription(
          {
            readAfter: (cursor, limit) =>
              this.reader.allRows({ direction: 'forwards', from: cursor === null ? null : cursor + 1n, limit }),
            readLive: (cursor, limit) => this.recent.after(cursor, limit),
            cursorOf: (event) => event.position,
            signal: this.signal,
          },
          { after, filter, onClose },
        ),
    );
  }

  subscribeToStream(stream: StreamName, options?: SubscribeToStreamOptions): Subscription {
    validateStreamName(stream);
    validateSubscriptionFrom(options?.from, 'revision');
    this.open();
    const from = options?.from ?? 'start';
    const after =
      from === 'start' ? null : from === 'end' ? this.reader.head(stream).lastRevision : from.revision;
    return this.subscriptions.track(
      (onClose) =>
        new CatchUpSubscription(
          {
            readAfter: (cursor, limit) => {
              const { deletedUpTo } = this.reader.head(stream);
              return this.reader.streamRows(stream, deletedUpTo, {
                direction: 'forwards',
                from: cursor === null ? null : cursor + 1n,
                limit,
              });
            },
            cursorOf: (event) => event.revision,
            signal: this.signal,
          },
          { after, onClose },
        ),
    );
  }

  async deleteStream(stream: StreamName, options?: AppendOptions): Promise<void> {
    validateStreamName(stream);
    const expectedRevision = options?.expectedRevision ?? 'any';
    validateExpectedRevision(expectedRevision);
    await this.writable().write({ kind: 'delete', stream, expectedRevision });
  }

  /** Commits so far, the appends/deletes they carried (group commit at work when requests > commits), posts to the writer. */
  stats(): { readonly commits: number; readonly requests: number; readonly posts: number } {
    return { ...this.writable().stats };
  }

  /**
   * The durability settings of the connection that commits the appends (the writer thread's), as SQLite reports
   * them: `synchronous` 2 (FULL) and `journalMode` 'wal' are what the crash guarantees rest on.
   */
  durability(): Promise<WriterSettings> {
    return this.writable().settings();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriptions.closeAll();
    await this.writer?.close();
    this.commits?.close();
    this.db.close();
  }

  private open(): void {
    if (this.closed) throw new EventStoreUnavailableError('the SQLite event store is closed');
  }

  private writable(): WriterClient {
    this.open();
    if (!this.writer) throw new EventStoreUnavailableError('this SQLite event store was opened read-only (openReader)');
    return this.writer;
  }
}

/** Port read options as a SQL range; null when the read is empty by definition (forwards from 'end'). */
function toRange(
  direction: 'forwards' | 'backwards' = 'forwards',
  from: bigint | 'start' | 'end' | undefined,
  maxCount?: number,
): Range | null {
  const limit = maxCount ?? -1;
  if (direction === 'forwards') {
    if (from === 'end') return null;
    return { direction, from: typeof from === 'bigint' ? from : null, limit };
  }
  if (from === 'start') return { direction: 'forwards', from: null, limit: 1 };
  return { direction, from: typeof from === 'bigint' ? from : null, limit };
}
