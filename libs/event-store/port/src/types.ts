/**
 * The event-store port. Revisions are 0-based stream positions; positions are global, strictly increasing
 * commit positions. Both are bigint so that every adapter (EventStoreDB's 64-bit values included) fits.
 */
export type StreamName = string;

/** What an append expects of the stream: absent, present, anything, or exactly this last revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventMetadata {
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly commandId?: string;
  readonly actor?: string;
  /** ISO-8601 time the writer recorded the event (the store also records its own commit time). */
  readonly recordedAt?: string;
  readonly [key: string]: unknown;
}

/** An event to append. `id` is a UUID chosen by the writer: re-appending the same ids is idempotent. */
export interface EventToAppend<Data = unknown> {
  readonly id: string;
  readonly type: string;
  readonly data: Data;
  readonly metadata?: EventMetadata;
}

export interface RecordedEvent<Data = unknown> {
  readonly id: string;
  readonly type: string;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly streamName: StreamName;
  readonly revision: bigint;
  readonly position: bigint;
  /** When the store committed it. */
  readonly created: Date;
}

export interface AppendResult {
  /**
   * The revision of the last event of this append (pass it as `expectedRevision` next time). For an
   * idempotent retry it is the revision the events got the first time, as EventStoreDB reports it.
   */
  readonly nextExpectedRevision: bigint;
  /** The global position of the last event written (or already present, for an idempotent retry). */
  readonly position: bigint;
}

export interface AppendOptions {
  readonly expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: the start (forwards) or the end (backwards). */
  readonly fromRevision?: bigint | 'start' | 'end';
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: the start (forwards) or the end (backwards). */
  readonly fromPosition?: bigint | 'start' | 'end';
  readonly maxCount?: number;
  readonly filter?: EventFilter;
}

/** Keeps events whose stream name starts with one of the prefixes, or whose type is listed. */
export type EventFilter =
  { readonly streamPrefixes: readonly string[] } | { readonly eventTypes: readonly string[] };

export interface SubscribeToAllOptions {
  /** `{ position }` resumes from a checkpoint: delivery starts with the first event after it. */
  readonly from?: 'start' | 'end' | { readonly position: bigint };
  readonly filter?: EventFilter;
}

export interface SubscribeToStreamOptions {
  /** `{ revision }` resumes after that revision. */
  readonly from?: 'start' | 'end' | { readonly revision: bigint };
}

export type SubscriptionMessage =
  | { readonly kind: 'event'; readonly event: RecordedEvent }
  /**
   * Sent once, when every event that existed at subscription time has been delivered; live events follow.
   * `position` is the cursor reached (global position for `subscribeToAll`, revision for
   * `subscribeToStream`; null when nothing was read), usable as a checkpoint even if a filter matched nothing.
   */
  | { readonly kind: 'caught-up'; readonly position: bigint | null };

/** Catch-up, then live, in global order, with no gap and no duplicate. Iterate it; `close()` ends it. */
export interface Subscription extends AsyncIterable<SubscriptionMessage> {
  close(): Promise<void>;
}

/**
 * Reading a stream that does not exist (or was deleted) throws StreamNotFoundError. Input is checked with
 * `prepareAppend` and the `validate*` helpers of this package, so every adapter refuses the same input.
 */
export interface EventStore {
  appendToStream(
    stream: StreamName,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  readStream(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * As readStream, but a stream that does not exist (or was deleted) is null, not a StreamNotFoundError: for
   * the hot reads where absence is the common answer (an account with no sanctions) or where a cached fold
   * asks only for what is past its revision. No error object, no stack, no throw.
   */
  readStreamIfExists(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[] | null>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeToAllOptions): Subscription;
  subscribeToStream(stream: StreamName, options?: SubscribeToStreamOptions): Subscription;
  /**
   * Soft delete: the stream reads as not found; appending again with `no_stream`/`any` revives it with
   * only the new events, whose revisions continue after the deleted ones (as in EventStoreDB), so a
   * revision never names two events. `$all` keeps the deleted events. Missing stream: StreamNotFoundError.
   */
  deleteStream(stream: StreamName, options?: AppendOptions): Promise<void>;
  close(): Promise<void>;
}
