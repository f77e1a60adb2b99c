import type { ExpectedRevision, StreamName } from './types';

/** Base of every error the port raises; adapters map their vendor errors to these. */
export class EventStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class WrongExpectedRevisionError extends EventStoreError {
  constructor(
    readonly stream: StreamName,
    readonly expected: ExpectedRevision,
    /** The stream's last revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export class StreamNotFoundError extends EventStoreError {
  constructor(readonly stream: StreamName) {
    super(`stream ${stream} not found`);
  }
}

export class StreamDeletedError extends EventStoreError {
  constructor(readonly stream: StreamName) {
    super(`stream ${stream} is deleted`);
  }
}

export class EventStoreUnavailableError extends EventStoreError {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/**
 * An event id already recorded somewhere else than this append would put it (another stream, or the same
 * stream at other revisions). Retrying the very same append is not this error: it succeeds idempotently.
 */
export class DuplicateEventIdError extends EventStoreError {
  constructor(
    readonly eventId: string,
    readonly existingStream: StreamName,
  ) {
    super(`event id ${eventId} is already recorded in stream ${existingStream}`);
  }
}

/** Bad input from the caller: empty stream name, non-JSON data, unknown revision kind… `field` names it. */
export class InvalidEventStoreInputError extends EventStoreError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}
