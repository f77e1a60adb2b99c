import { ErrorType, convertToCommandError, isCommandError, type CommandError } from '@eventstore/db-client';
import {
  EventStoreError,
  EventStoreUnavailableError,
  InvalidEventStoreInputError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
  type StreamName,
} from '@liars-dice/event-store-port';

export interface ErrorContext {
  readonly stream?: StreamName;
  /** What the caller asked for: reported as is, whatever spelling the server used. */
  readonly expected?: ExpectedRevision;
}

/** Transient by nature: the node is gone, not leader, slow or restarting. Retrying (idempotently) may help. */
const TRANSIENT: ReadonlySet<string> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
]);

export function isTransient(error: unknown): boolean {
  const command = asCommandError(error);
  return !!command && TRANSIENT.has(command.type);
}

/** Some failures (the server-features probe, for one) surface as raw gRPC errors: classify them the same way. */
function asCommandError(error: unknown): CommandError | null {
  if (!(error instanceof Error)) return null;
  const converted = isCommandError(error) ? error : convertToCommandError(error);
  return isCommandError(converted) ? converted : null;
}

/** Every vendor error leaves the adapter as a port error; callers never import the client's classes. */
export function toPortError(error: unknown, context: ErrorContext = {}): Error {
  if (error instanceof EventStoreError) return error;
  if (!(error instanceof Error)) return new EventStoreError(`EventStoreDB failed: ${String(error)}`);
  const command = asCommandError(error);
  if (!command) return error;
  return fromCommandError(command, context);
}

function fromCommandError(error: CommandError, context: ErrorContext): Error {
  switch (error.type) {
    case ErrorType.WRONG_EXPECTED_VERSION:
      return new WrongExpectedRevisionError(
        context.stream ?? error.streamName,
        context.expected ?? (error.expectedVersion as ExpectedRevision),
        error.actualVersion,
      );
    case ErrorType.STREAM_NOT_FOUND:
      return new StreamNotFoundError(context.stream ?? error.streamName);
    case ErrorType.STREAM_DELETED:
      return new StreamDeletedError(context.stream ?? error.streamName);
    case ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED:
      return new InvalidEventStoreInputError(
        'events',
        `the append exceeds the server's limit of ${error.maxAppendSize} bytes`,
      );
    default:
      if (TRANSIENT.has(error.type))
        return new EventStoreUnavailableError(`EventStoreDB is unavailable: ${error.message}`, error);
      return new EventStoreError(`EventStoreDB failed (${error.type}): ${error.message}`);
  }
}
