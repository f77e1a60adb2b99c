import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * The in-memory transaction log behind the test server. It keeps EventStoreDB's observable semantics, not
 * its storage: 0-based stream revisions that keep counting after a soft delete, byte-offset-like global
 * positions (strictly increasing, never contiguous, so no adapter can assume `+1`), system records in
 * `$all` (`$metadata` on delete, `$streamDeleted` on tombstone) and the idempotency rules of the real
 * writer (same ids at the same place succeed without writing; a partial match is a conflict).
 */
export interface ProposedEvent {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

export interface StoredEvent extends ProposedEvent {
  readonly stream: string;
  readonly revision: bigint;
  readonly position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB reports `created`. */
  readonly created: bigint;
}

export type Expected =
  | { readonly kind: 'any' }
  | { readonly kind: 'no_stream' }
  | { readonly kind: 'stream_exists' }
  | { readonly kind: 'revision'; readonly revision: bigint };

export type WriteOutcome =
  | { readonly kind: 'success'; readonly currentRevision: bigint | null; readonly position: bigint | null }
  | { readonly kind: 'wrong-expected-version'; readonly current: bigint | null }
  | { readonly kind: 'stream-deleted' }
  | { readonly kind: 'too-large'; readonly maxAppendSize: number };

/** EventStoreDB's default `MaxAppendSize` (1 MiB): the sum of data and metadata of one append. */
export const MAX_APPEND_SIZE = 1024 * 1024;
const TOMBSTONE_REVISION = 9223372036854775807n;
const RECORD_OVERHEAD = 128n;

interface StreamState {
  /** Every event ever written (revision = index); the visible ones start at `truncateBefore`. */
  readonly events: StoredEvent[];
  truncateBefore: bigint;
  softDeleted: boolean;
  tombstoned: boolean;
}

export class EventLog {
  readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StreamState>();
  private nextPosition = 0n;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  /** Called after every commit, with nothing: listeners re-read from their own cursor. */
  onCommit(listener: () => void): () => void {
    this.emitter.on('commit', listener);
    return () => this.emitter.off('commit', listener);
  }

  stream(name: string): { readonly visible: readonly StoredEvent[]; readonly tombstoned: boolean } | null {
    const state = this.streams.get(name);
    if (!state || state.events.length === 0)
      return state?.tombstoned ? { visible: [], tombstoned: true } : null;
    if (state.tombstoned) return { visible: [], tombstoned: true };
    if (state.softDeleted) return null;
    return { visible: state.events.slice(Number(state.truncateBefore)), tombstoned: false };
  }

  append(name: string, expected: Expected, proposed: readonly ProposedEvent[]): WriteOutcome {
    const size = proposed.reduce((sum, e) => sum + e.data.length + e.customMetadata.length, 0);
    if (size > MAX_APPEND_SIZE) return { kind: 'too-large', maxAppendSize: MAX_APPEND_SIZE };
    const state = this.streams.get(name);
    const retry = state?.tombstoned ? null : this.idempotentMatch(state, expected, proposed);
    if (typeof retry === 'bigint') return { kind: 'success', currentRevision: retry, position: null };
    const refused = refusal(state, expected, retry === 'conflict');
    if (refused) return refused;
    if (proposed.length === 0)
      return { kind: 'success', currentRevision: lastRevision(state), position: null };
    const target = state ?? this.createStream(name);
    if (target.softDeleted) this.undelete(name, target);
    const written = proposed.map((event) => this.write(name, target, event));
    this.emitter.emit('commit');
    const last = written[written.length - 1] as StoredEvent;
    return { kind: 'success', currentRevision: last.revision, position: last.position };
  }

  /** Soft delete: the stream reads as not found, `$all` keeps its events, revisions continue if re-created. */
  softDelete(name: string, expected: Expected): WriteOutcome {
    const state = this.streams.get(name);
    const refused = refusal(state, expected);
    if (refused) return refused;
    const target = state ?? this.createStream(name);
    target.softDeleted = true;
    const metadata = this.writeMetadata(name, { $tb: TOMBSTONE_REVISION.toString() });
    this.emitter.emit('commit');
    return { kind: 'success', currentRevision: lastRevision(state), position: metadata.position };
  }

  tombstone(name: string, expected: Expected): WriteOutcome {
    const state = this.streams.get(name);
    const refused = refusal(state, expected);
    if (refused) return refused;
    const target = state ?? this.createStream(name);
    target.tombstoned = true;
    const record = this.record(name, TOMBSTONE_REVISION, {
      id: randomUUID(),
      type: '$streamDeleted',
      contentType: 'application/octet-stream',
      data: new Uint8Array(),
      customMetadata: new Uint8Array(),
    });
    this.all.push(record);
    this.emitter.emit('commit');
    return { kind: 'success', currentRevision: lastRevision(state), position: record.position };
  }

  /** True while `event` (from `$all`) is still visible in its stream: subscriptions to a stream skip the rest. */
  isVisibleInStream(event: StoredEvent): boolean {
    const state = this.streams.get(event.stream);
    return !!state && !state.tombstoned && !state.softDeleted && event.revision >= state.truncateBefore;
  }

  private idempotentMatch(
    state: StreamState | undefined,
    expected: Expected,
    proposed: readonly ProposedEvent[],
  ): bigint | 'conflict' | null {
    const first = proposed[0];
    if (!state || !first || state.softDeleted) return null;
    const start = idempotencyStart(state, expected, first.id);
    if (start === null) return null;
    for (let i = 0; i < proposed.length; i++) {
      const stored = state.events[start + i];
      if (!stored || stored.id !== proposed[i]?.id)
        return i === 0 && expected.kind !== 'revision' ? null : 'conflict';
    }
    return BigInt(start + proposed.length - 1);
  }

  private createStream(name: string): StreamState {
    const state: StreamState = { events: [], truncateBefore: 0n, softDeleted: false, tombstoned: false };
    this.streams.set(name, state);
    return state;
  }

  private undelete(name: string, state: StreamState): void {
    state.softDeleted = false;
    state.truncateBefore = BigInt(state.events.length);
    this.writeMetadata(name, { $tb: state.truncateBefore.toString() });
  }

  private write(name: string, state: StreamState, event: ProposedEvent): StoredEvent {
    const record = this.record(name, BigInt(state.events.length), event);
    state.events.push(record);
    this.all.push(record);
    return record;
  }

  private writeMetadata(name: string, content: Record<string, string>): StoredEvent {
    const metaStream = `$$${name}`;
    const state = this.streams.get(metaStream) ?? this.createStream(metaStream);
    return this.write(metaStream, state, {
      id: randomUUID(),
      type: '$metadata',
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify(content)),
      customMetadata: new Uint8Array(),
    });
  }

  private record(stream: string, revision: bigint, event: ProposedEvent): StoredEvent {
    const position = this.nextPosition;
    this.nextPosition += RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length);
    return { ...event, stream, revision, position, created: BigInt(Date.now()) * 10_000n };
  }
}

/** Why a write cannot go ahead (tombstone, failed expectation, half-matching retry), or null. */
function refusal(state: StreamState | undefined, expected: Expected, conflict = false): WriteOutcome | null {
  if (state?.tombstoned) return { kind: 'stream-deleted' };
  const current = lastRevision(state);
  const exists = current !== null && !state?.softDeleted;
  if (conflict || !expectationHolds(expected, current, exists)) {
    return { kind: 'wrong-expected-version', current: exists ? current : null };
  }
  return null;
}

function lastRevision(state: StreamState | undefined): bigint | null {
  return state && state.events.length > 0 ? BigInt(state.events.length - 1) : null;
}

function expectationHolds(expected: Expected, current: bigint | null, exists: boolean): boolean {
  switch (expected.kind) {
    case 'any':
      return true;
    case 'no_stream':
      return !exists;
    case 'stream_exists':
      return exists;
    case 'revision':
      return current === expected.revision;
  }
}

/** Where a retried write would have landed, or null when the write is not a retry candidate. */
function idempotencyStart(state: StreamState, expected: Expected, firstId: string): number | null {
  const current = state.events.length - 1;
  switch (expected.kind) {
    case 'any':
    case 'stream_exists': {
      const index = state.events.findIndex((e) => e.id === firstId);
      return index < 0 || BigInt(index) < state.truncateBefore ? null : index;
    }
    case 'no_stream':
      return current >= 0 ? Number(state.truncateBefore) : null;
    case 'revision':
      return expected.revision < BigInt(current) ? Number(expected.revision) + 1 : null;
  }
}
