import { DuplicateEventIdError, WrongExpectedRevisionError } from './errors';
import type { ExpectedRevision } from './types';
import type { PreparedAppend } from './validation';

/** What a store knows of one stream before an append. */
export interface StreamHead {
  /** Revision of the newest event ever written, deleted or not; null for a stream never written. */
  readonly lastRevision: bigint | null;
  /** Revisions up to and including this one were soft-deleted; null if never deleted. */
  readonly deletedUpTo: bigint | null;
}

export interface ExistingEvent {
  readonly stream: string;
  readonly revision: bigint;
  readonly position: bigint;
}

export type AppendDecision =
  | { readonly kind: 'write'; readonly firstRevision: bigint }
  | { readonly kind: 'already-written'; readonly lastRevision: bigint; readonly position: bigint };

export const EMPTY_HEAD: StreamHead = { lastRevision: null, deletedUpTo: null };

export function streamExists(head: StreamHead): boolean {
  return head.lastRevision !== null && (head.deletedUpTo === null || head.lastRevision > head.deletedUpTo);
}

/** The revision an append must expect now: the last visible revision, or 'no_stream'. */
export function actualRevision(head: StreamHead): bigint | 'no_stream' {
  return streamExists(head) && head.lastRevision !== null ? head.lastRevision : 'no_stream';
}

export function revisionMatches(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

/**
 * The one optimistic-concurrency and idempotency rule the pull-based adapters share (EventStoreDB applies
 * the same rule server-side). Throws WrongExpectedRevisionError or DuplicateEventIdError.
 *
 * A retry is recognised when the first event id is already in this stream and every id of the append sits
 * at consecutive revisions from there, at the place the expected revision points to: it then reports the
 * original result instead of writing twice.
 */
export function decideAppend(
  append: Pick<PreparedAppend, 'stream' | 'expectedRevision' | 'events'>,
  head: StreamHead,
  find: (id: string) => ExistingEvent | undefined,
): AppendDecision {
  const [first] = append.events;
  const existing = first ? find(first.id) : undefined;
  if (existing) return decideRetry(append, head, existing, find);
  const actual = actualRevision(head);
  if (!revisionMatches(append.expectedRevision, actual)) {
    throw new WrongExpectedRevisionError(append.stream, append.expectedRevision, actual);
  }
  for (const event of append.events) {
    const clash = find(event.id);
    if (clash) throw new DuplicateEventIdError(event.id, clash.stream);
  }
  return { kind: 'write', firstRevision: head.lastRevision === null ? 0n : head.lastRevision + 1n };
}

function decideRetry(
  append: Pick<PreparedAppend, 'stream' | 'expectedRevision' | 'events'>,
  head: StreamHead,
  existing: ExistingEvent,
  find: (id: string) => ExistingEvent | undefined,
): AppendDecision {
  let last = existing;
  append.events.forEach((event, index) => {
    const found = find(event.id);
    if (!found || found.stream !== append.stream || found.revision !== existing.revision + BigInt(index)) {
      throw new DuplicateEventIdError(event.id, found?.stream ?? existing.stream);
    }
    last = found;
  });
  if (!retryMatches(append.expectedRevision, existing.revision, head)) {
    throw new WrongExpectedRevisionError(append.stream, append.expectedRevision, actualRevision(head));
  }
  return { kind: 'already-written', lastRevision: last.revision, position: last.position };
}

function retryMatches(expected: ExpectedRevision, firstRevision: bigint, head: StreamHead): boolean {
  if (expected === 'any' || expected === 'stream_exists') return true;
  if (expected === 'no_stream') return firstRevision === (head.deletedUpTo ?? -1n) + 1n;
  return firstRevision === expected + 1n;
}
