import {
  END,
  EventStoreDBClient,
  START,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type Filter,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  prepareAppend,
  revisionMatches,
  SubscriptionRegistry,
  validateExpectedRevision,
  validateFilter,
  validateReadOptions,
  validateStreamName,
  validateSubscriptionFrom,
  type AppendOptions,
  type AppendResult,
  type EventFilter,
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
import { toPortError } from './esdb-errors';
import { at, drain, readAllPages } from './esdb-reads';
import { accepts, positionOf, toEventData, toRecorded } from './esdb-records';
import { EsdbSubscription, type ResubscribeOptions } from './esdb-subscription';

export interface EsdbEventStoreOptions {
  /** How subscriptions come back after the node went away. */
  readonly resubscribe?: ResubscribeOptions;
}

/**
 * The port over EventStoreDB / KurrentDB through `@eventstore/db-client`. Appends take the client's
 * batch-append path (it uses it whenever the server advertises `BatchAppend` and no per-call credentials
 * are given); subscriptions filter on the server and resume from server checkpoints after a failure.
 * Revisions are EventStoreDB's own (0-based, continuing after a soft delete), positions are commit
 * positions.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new SubscriptionRegistry();
  /** Reads resolving a subscription's 'end'; writes from this store wait for them (see `fenced`). */
  private readonly fences = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EsdbEventStoreOptions = {},
  ) {}

  async appendToStream(
    stream: StreamName,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    this.assertOpen();
    const append = prepareAppend(stream, events, options?.expectedRevision ?? 'any');
    try {
      await this.afterFences();
      const result = await this.client.appendToStream(stream, toEventData(append, events), {
        expectedRevision: append.expectedRevision,
      });
      // The reply's position is the last event's for a single-event write. An idempotent retry comes back
      // without one (or, on newer servers, with the original write's), and for several events the server
      // does not promise which record it names: then the last event itself is asked for its position.
      const reported = append.events.length === 1 ? result.position?.commit : undefined;
      const position = reported ?? (await this.positionAt(stream, result.nextExpectedRevision));
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw toPortError(error, { stream, expected: append.expectedRevision });
    }
  }

  async readStream(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    validateStreamName(stream);
    validateReadOptions(options, 'fromRevision');
    const { direction = 'forwards', maxCount = Number.MAX_SAFE_INTEGER } = options ?? {};
    const fromRevision = options?.fromRevision ?? (direction === 'forwards' ? START : END);
    try {
      const read = await drain(this.client.readStream(stream, { direction, fromRevision, maxCount }));
      return read.map(toRecorded);
    } catch (error) {
      throw toPortError(error, { stream });
    }
  }

  /** EventStoreDB's client reports a missing stream by throwing; it is caught here, once, for every caller. */
  async readStreamIfExists(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[] | null> {
    try {
      return await this.readStream(stream, options);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    validateReadOptions(options, 'fromPosition');
    try {
      return await readAllPages(this.client, options);
    } catch (error) {
      throw toPortError(error);
    }
  }

  subscribeToAll(options?: SubscribeToAllOptions): Subscription {
    this.assertOpen();
    validateSubscriptionFrom(options?.from, 'position');
    validateFilter(options?.filter);
    const from = options?.from ?? 'start';
    const filter = options?.filter;
    const start =
      from === 'end'
        ? this.fenced(this.lastPosition())
        : Promise.resolve(from === 'start' ? null : from.position);
    return this.subscriptions.track(
      (onClose) =>
        new EsdbSubscription(
          start,
          {
            open: (after, onCheckpoint) =>
              this.client.subscribeToAll({
                fromPosition: after === null ? START : at(after),
                filter: serverFilter(filter, (_, position) => onCheckpoint(position.commit)),
              }),
            cursorOf: positionOf,
            toEvent: (resolved) => (accepts(resolved, filter) ? toRecorded(resolved) : null),
          },
          this.options.resubscribe,
          onClose,
        ),
    );
  }

  subscribeToStream(stream: StreamName, options?: SubscribeToStreamOptions): Subscription {
    this.assertOpen();
    validateStreamName(stream);
    validateSubscriptionFrom(options?.from, 'revision');
    const from = options?.from ?? 'start';
    const start =
      from === 'end'
        ? this.fenced(this.lastRevision(stream))
        : Promise.resolve(from === 'start' ? null : from.revision);
    return this.subscriptions.track(
      (onClose) =>
        new EsdbSubscription(
          start,
          {
            open: (after) => this.client.subscribeToStream(stream, { fromRevision: after ?? START }),
            cursorOf: (resolved) => resolved.event?.revision,
            toEvent: (resolved) => (accepts(resolved, undefined) ? toRecorded(resolved) : null),
          },
          this.options.resubscribe,
          onClose,
        ),
    );
  }

  /**
   * The client cannot send `stream_exists` with a delete and EventStoreDB accepts deleting a stream that
   * never existed, so the head is read first: a missing stream is StreamNotFoundError, as in every adapter.
   */
  async deleteStream(stream: StreamName, options?: AppendOptions): Promise<void> {
    this.assertOpen();
    validateStreamName(stream);
    const expected = options?.expectedRevision ?? 'any';
    validateExpectedRevision(expected);
    try {
      await this.afterFences();
      const [head] = await drain(
        this.client.readStream(stream, { direction: 'backwards', fromRevision: END, maxCount: 1 }),
      );
      const actual = head?.event?.revision;
      if (actual === undefined) throw new StreamNotFoundError(stream);
      if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);
      await this.client.deleteStream(stream, {
        expectedRevision: expected === 'any' ? 'any' : typeof expected === 'bigint' ? expected : actual,
      });
    } catch (error) {
      throw toPortError(error, { stream, expected });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriptions.closeAll();
    await this.client.dispose();
  }

  /**
   * 'end' must mean "after everything written so far", including this store's own appends issued right
   * after `subscribe…()` returns; the subscription call is created asynchronously and could reach the server
   * after them. So 'end' is resolved to a concrete cursor first, and this store's writes wait for that read.
   */
  private fenced<T>(read: Promise<T>): Promise<T> {
    const fence = read.finally(() => this.fences.delete(fence));
    this.fences.add(fence);
    return fence;
  }

  private async afterFences(): Promise<void> {
    if (this.fences.size > 0) await Promise.allSettled([...this.fences]);
  }

  private async lastPosition(): Promise<bigint | null> {
    const [last] = await drain(
      this.client.readAll({ direction: 'backwards', fromPosition: END, maxCount: 1 }),
    );
    return last ? (positionOf(last) ?? null) : null;
  }

  private async lastRevision(stream: StreamName): Promise<bigint | null> {
    try {
      const [last] = await drain(
        this.client.readStream(stream, { direction: 'backwards', fromRevision: END, maxCount: 1 }),
      );
      return last?.event?.revision ?? null;
    } catch (error) {
      if (toPortError(error) instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  private async positionAt(stream: StreamName, revision: bigint): Promise<bigint> {
    const [event] = await drain(this.client.readStream(stream, { fromRevision: revision, maxCount: 1 }));
    const position = event ? positionOf(event) : undefined;
    if (position === undefined)
      throw new EventStoreUnavailableError(`EventStoreDB did not report where ${stream}@${revision} is`);
    return position;
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the EventStoreDB event store is closed');
  }
}

/**
 * The port's filter on the server: stream prefixes as prefixes, event types as an exact-match regex (a
 * type prefix would also match longer names). Without a filter, system records are left on the server.
 */
function serverFilter(
  filter: EventFilter | undefined,
  checkpointReached: Filter['checkpointReached'],
): Filter {
  if (!filter) return excludeSystemEvents({ checkpointReached });
  if ('streamPrefixes' in filter)
    return streamNameFilter({ prefixes: [...filter.streamPrefixes], checkpointReached });
  const alternatives = filter.eventTypes.map((type) => type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return eventTypeFilter({ regex: `^(?:${alternatives})$`, checkpointReached });
}

/**
 * `EVENTSTORE_CONNECTION_STRING=esdb://…` (or `esdb+discover://…` for a cluster behind DNS). KurrentDB's
 * `kurrentdb://` / `kdb://` spellings share the grammar; client 6.2.1 only parses `esdb`, so they are renamed.
 */
export function createEsdbEventStore(
  connectionString: string,
  options?: EsdbEventStoreOptions,
): EsdbEventStore {
  const match = /^(esdb|kurrentdb|kdb)(\+discover)?:\/\//.exec(connectionString);
  if (!match) {
    throw new Error(
      `EVENTSTORE_CONNECTION_STRING must start with esdb:// or esdb+discover://, got ${connectionString}`,
    );
  }
  const normalised = `esdb${match[2] ?? ''}://${connectionString.slice(match[0].length)}`;
  return new EsdbEventStore(EventStoreDBClient.connectionString(normalised), options);
}
