import {
  CatchUpSubscription,
  CommitSignal,
  EMPTY_HEAD,
  EventStoreUnavailableError,
  StreamNotFoundError,
  SubscriptionRegistry,
  toRecordedEvent,
  actualRevision,
  decideAppend,
  matchesFilter,
  prepareAppend,
  revisionMatches,
  streamExists,
  validateExpectedRevision,
  validateFilter,
  validateReadOptions,
  validateStreamName,
  validateSubscriptionFrom,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExistingEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamHead,
  type StoredJsonEvent,
  type StreamName,
  type SubscribeToAllOptions,
  type SubscribeToStreamOptions,
  type Subscription,
} from '@liars-dice/event-store-port';

type StoredEvent = ExistingEvent & StoredJsonEvent;

interface StreamState extends StreamHead {
  readonly events: StoredEvent[];
}

/**
 * The port kept in process memory. Data is stored as the JSON text the durable adapters write and parsed
 * on every read, so a test sees exactly what SQLite or EventStoreDB would give back (and cannot mutate it).
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: StoredEvent[] = [];
  private readonly streams = new Map<StreamName, StreamState>();
  private readonly ids = new Map<string, StoredEvent>();
  private readonly signal = new CommitSignal();
  private readonly subscriptions = new SubscriptionRegistry();
  private closed = false;

  async appendToStream(
    stream: StreamName,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    this.assertOpen();
    const append = prepareAppend(stream, events, options?.expectedRevision ?? 'any');
    const state = this.streams.get(stream) ?? { ...EMPTY_HEAD, events: [] };
    const decision = decideAppend(append, state, (id) => this.ids.get(id));
    if (decision.kind === 'already-written') {
      return { nextExpectedRevision: decision.lastRevision, position: decision.position };
    }
    const created = Date.now();
    const written = append.events.map((event, index): StoredEvent => {
      const position = BigInt(this.all.length + 1);
      const stored = {
        ...event,
        stream,
        revision: decision.firstRevision + BigInt(index),
        position,
        created,
      };
      this.all.push(stored);
      this.ids.set(stored.id, stored);
      return stored;
    });
    const last = written[written.length - 1] as StoredEvent;
    this.streams.set(stream, {
      lastRevision: last.revision,
      deletedUpTo: state.deletedUpTo,
      events: [...state.events, ...written],
    });
    this.signal.notify();
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const read = await this.readStreamIfExists(stream, options);
    if (!read) throw new StreamNotFoundError(stream);
    return read;
  }

  async readStreamIfExists(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[] | null> {
    this.assertOpen();
    validateStreamName(stream);
    validateReadOptions(options, 'fromRevision');
    const visible = this.visibleEvents(stream);
    if (!visible) return null;
    return page(visible, (event) => event.revision, { ...options, from: options?.fromRevision }).map(
      toRecordedEvent,
    );
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    validateReadOptions(options, 'fromPosition');
    const filter = options?.filter;
    const matching = filter
      ? this.all.filter((event) => matchesFilter({ streamName: event.stream, type: event.type }, filter))
      : this.all;
    return page(matching, (event) => event.position, { ...options, from: options?.fromPosition }).map(
      toRecordedEvent,
    );
  }

  subscribeToAll(options?: SubscribeToAllOptions): Subscription {
    this.assertOpen();
    validateSubscriptionFrom(options?.from, 'position');
    validateFilter(options?.filter);
    const from = options?.from ?? 'start';
    const filter = options?.filter;
    const after = from === 'start' ? null : from === 'end' ? this.lastPosition() : from.position;
    return this.subscriptions.track(
      (onClose) =>
        new CatchUpSubscription(
          {
            readAfter: (cursor, limit) => {
              const start = cursor === null ? 0 : Number(cursor);
              return this.all.slice(start, start + limit);
            },
            cursorOf: (event) => event.position,
            signal: this.signal,
          },
          { after, filter, onClose },
        ),
    );
  }

  subscribeToStream(stream: StreamName, options?: SubscribeToStreamOptions): Subscription {
    this.assertOpen();
    validateStreamName(stream);
    validateSubscriptionFrom(options?.from, 'revision');
    const from = options?.from ?? 'start';
    const after = from === 'start' ? null : from === 'end' ? this.lastVisibleRevision(stream) : from.revision;
    return this.subscriptions.track(
      (onClose) =>
        new CatchUpSubscription(
          {
            readAfter: (cursor, limit) =>
              (this.visibleEvents(stream) ?? [])
                .filter((event) => cursor === null || event.revision > cursor)
                .slice(0, limit),
            cursorOf: (event) => event.revision,
            signal: this.signal,
          },
          { after, onClose },
        ),
    );
  }

  async deleteStream(stream: StreamName, options?: AppendOptions): Promise<void> {
    this.assertOpen();
    validateStreamName(stream);
    const expected = options?.expectedRevision ?? 'any';
    validateExpectedRevision(expected);
    const state = this.streams.get(stream);
    if (!state || !streamExists(state)) throw new StreamNotFoundError(stream);
    const actual = actualRevision(state);
    if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);
    this.streams.set(stream, { ...state, deletedUpTo: state.lastRevision });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscriptions.closeAll();
  }

  private visibleEvents(stream: StreamName): StoredEvent[] | undefined {
    const state = this.streams.get(stream);
    if (!state || !streamExists(state)) return undefined;
    const deletedUpTo = state.deletedUpTo;
    return deletedUpTo === null ? state.events : state.events.filter((event) => event.revision > deletedUpTo);
  }

  private lastPosition(): bigint | null {
    return this.all.length === 0 ? null : BigInt(this.all.length);
  }

  private lastVisibleRevision(stream: StreamName): bigint | null {
    const state = this.streams.get(stream);
    return state && streamExists(state) ? state.lastRevision : (state?.deletedUpTo ?? null);
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the in-memory event store is closed');
  }
}

interface PageOptions {
  readonly direction?: 'forwards' | 'backwards';
  readonly from?: bigint | 'start' | 'end';
  readonly maxCount?: number;
}

function page<T>(events: readonly T[], cursor: (event: T) => bigint, options: PageOptions): T[] {
  const { direction = 'forwards', from, maxCount = Number.MAX_SAFE_INTEGER } = options;
  if (direction === 'forwards') {
    const start =
      typeof from === 'bigint'
        ? events.filter((event) => cursor(event) >= from)
        : from === 'end'
          ? []
          : events;
    return start.slice(0, maxCount);
  }
  const start =
    typeof from === 'bigint'
      ? events.filter((event) => cursor(event) <= from)
      : from === 'start'
        ? events.slice(0, 1)
        : events;
  return start.slice(-maxCount).reverse();
}
