import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { Violation } from '@liars-dice/game-rules';
import { echoed, Refusal, withQuotesEchoed } from '@liars-dice/server-platform';

/** Codes GraphQL itself (parsing, validation, variables) reports; their messages name the field. */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE',
  'QUERY_TOO_DEEP', 'QUERY_TOO_COMPLEX', 'TOO_MANY_ALIASES', 'TOO_MANY_DIRECTIVES', 'TOO_MANY_MUTATIONS', 'RESPONSE_TOO_LARGE', 'RATE_LIMITED', 'TOO_MANY_OPERATIONS', 'UNAUTHENTICATED',
  'CONCURRENCY_LIMITED', 'TRUSTED_DOCUMENT_REQUIRED',
]);

export interface FormatOptions {
  /** Production: GraphQL's "Did you mean …?" suggestions are dropped (they spell out the schema a client did not ask about). */
  readonly production: boolean;
}

/**
 * The one place errors become GraphQL errors: a decider's violation carries its code, refusals their code
 * and field; anything else is an internal error, logged here and never described (no stack) to clients.
 */
export function errorFormatter(logger: Logger, options: FormatOptions = { production: false }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = rootCause(error);
    const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
    // Every decider's violation (the engine's, a tournament's, …) carries its own code, and the field when known.
    if (original instanceof Violation) {
      return { ...base, message: original.message, extensions: original.field ? { code: original.code, field: original.field } : { code: original.code } };
    }
    if (original instanceof Refusal) return { ...base, message: original.message, extensions: original.extensions };
    if (tooDeep(original, formatted)) return { ...base, message: TOO_DEEP_SAID, extensions: { code: 'BAD_USER_INPUT' } };
    const code = clientCode(original, formatted);
    if (code) return { ...base, message: clientMessage(formatted.message, options), extensions: { code } };
    logger.error({ err: original, path: formatted.path }, 'internal error');
    return { message: 'internal error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}

/**
 * graphql-js gives up validating an operation whose fields must be compared pairwise (or fragments expanded)
 * beyond a budget, with only "Validation aborted." (1,000 `__typename` in one selection do it): said in words.
 */
const VALIDATION_ABORTED = 'Validation aborted.';
const VALIDATION_ABORTED_SAID =
  'validation gave up: the operation repeats the same fields or fragment spreads too many times to check that they merge; select each field once';

/** The longest message a client gets (its `…` included): GraphQL's own repeat what was sent (a list of 300 values), quoted or not. */
export const MAX_MESSAGE_CHARS = 300;
const SUGGESTION = / ?Did you mean(.+?)\?$/;

function clientMessage(message: string, { production }: FormatOptions): string {
  if (message === VALIDATION_ABORTED) return VALIDATION_ABORTED_SAID;
  // Quoted values are cut first (each stays readable), then the whole message.
  return echoed(withQuotesEchoed(production ? message.replace(SUGGESTION, '') : message), MAX_MESSAGE_CHARS - 1);
}

/** A document or value nested past the stack (a list literal thousands deep): said in words, never the RangeError. */
const TOO_DEEP_SAID = 'the request nests values too deeply to read (a list or object inside another thousands of times)';

function tooDeep(original: unknown, formatted: GraphQLFormattedError): boolean {
  return original instanceof RangeError || /Maximum call stack size exceeded/.test(formatted.message);
}

/** The code of an error that is the client's fault, or null. */
function clientCode(original: unknown, formatted: GraphQLFormattedError): string | null {
  // Our own validation rules set a precise code that Apollo replaces with GRAPHQL_VALIDATION_FAILED.
  const own = original instanceof GraphQLError ? (original.extensions as GraphQLError['extensions'] | undefined)?.['code'] : undefined;
  const code = typeof own === 'string' && CLIENT_CODES.has(own) ? own : formatted.extensions?.['code'];
  if (typeof code === 'string' && CLIENT_CODES.has(code)) return code;
  // Apollo's own refusals of a malformed request carry an HTTP 4xx status and sometimes no code
  // (a persisted query whose hash does not match its text): the client's fault, said as is.
  return own === undefined && clientStatus(original) ? 'BAD_REQUEST' : null;
}

/** Whether an error without a code carries Apollo's HTTP status of a bad request (4xx). */
function clientStatus(error: unknown): boolean {
  const http = error instanceof GraphQLError ? (error.extensions as GraphQLError['extensions'] | undefined)?.['http'] : undefined;
  const status = (http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Apollo and Nest wrap thrown errors in GraphQLErrors (sometimes twice); the cause decides the code. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && 'originalError' in current && current.originalError; depth++) {
    current = current.originalError;
  }
  return current;
}

type Formatter = ReturnType<typeof errorFormatter>;

/** One error as Apollo would send it (for websockets, which graphql-ws answers without Apollo). */
export function formatOne(format: Formatter, error: GraphQLError): GraphQLFormattedError {
  return format(error.toJSON(), error);
}

/** A websocket result with its errors in the HTTP shape (message, code, field): one shape on both transports. */
export function formatResult<Result extends { errors?: readonly GraphQLError[] }>(format: Formatter, result: Result): Omit<Result, 'errors'> & { errors?: GraphQLFormattedError[] } {
  const { errors, ...rest } = result;
  if (!errors || errors.length === 0) return rest;
  return { ...rest, errors: errors.map((error) => formatOne(format, error)) };
}
