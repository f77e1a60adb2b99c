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
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
  }
}

/** Bad input from the caller: empty stream name, non-JSON data, unknown revision kind… names the field. */
export class InvalidEventStoreInputError extends EventStoreError {}
