import type { DirectRequest } from './direct-http';
import { type ExecutionResult, GraphQLError, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import type { HttpContext } from './graphql.options';
import type { OperationAdmission, OperationRequest } from './admission';
import type { CompiledExecution } from './compiled-execution';
import type { errorFormatter } from './errors';
import { tooLarge } from './limits';

/** An HTTP answer, written as is. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
  /** The body's length in UTF-8 bytes when already measured (a query's, for the size cap): not measured again. */
  readonly bytes?: number;
}

export interface CompiledHttpSettings {
  readonly admission: OperationAdmission;
  readonly execution: CompiledExecution;
  /** The HTTP route's context (the caller, authenticated): the one Apollo is given. */
  readonly context: (args: { req: DirectRequest }) => Promise<HttpContext>;
  readonly format: ReturnType<typeof errorFormatter>;
  readonly maxResponseBytes: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Accept headers for which Apollo answers `application/json; charset=utf-8`; any other goes to Apollo. */
const PLAIN_ACCEPTS = new Set([undefined, '*/*', 'application/json', 'application/json, */*']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body of a plain operation: a non-empty query text, an optional name and variables object; `extensions`
 * is ignored as Apollo ignores it, except a persisted query. Anything else (a batch, a persisted query, a
 * malformed field) is Apollo's to answer: null.
 */
export function plainOperation(body: unknown, accept: string | undefined): OperationRequest | null {
  if (!isRecord(body) || !PLAIN_ACCEPTS.has(accept)) return null;
  const { query, operationName, variables, extensions } = body;
  if (typeof query !== 'string' || query === '') return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (variables != null && !isRecord(variables)) return null;
  if (extensions != null && (!isRecord(extensions) || 'persistedQuery' in extensions)) return null;
  return { query, operationName: operationName as string | null | undefined, variables: variables as Record<string, unknown> | null | undefined };
}

interface HttpHead {
  status?: number;
  readonly headers: Array<[string, string]>;
}

/** Apollo's error normalisation: an `http` extension sets the status and headers, a missing code is INTERNAL_SERVER_ERROR. */
function formatErrors(format: CompiledHttpSettings['format'], errors: readonly GraphQLError[], head: HttpHead): GraphQLFormattedError[] {
  return errors.map((error) => {
    const { http, ...rest } = (error.extensions ?? {}) as Record<string, unknown> & { http?: { status?: number; headers?: Map<string, string> } };
    if (http) {
      if (typeof http.status === 'number') head.status = http.status;
      for (const header of http.headers ?? []) head.headers.push(header);
    }
    try {
      return format({ ...error.toJSON(), extensions: { ...rest, code: rest['code'] ?? 'INTERNAL_SERVER_ERROR' } }, error);
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
}

/** The answer's JSON in Apollo's field order (without the trailing newline `answer` adds). */
function resultJson(result: { errors?: GraphQLFormattedError[]; data?: unknown }): string {
  return JSON.stringify({ errors: result.errors, data: result.data });
}

/** Apollo's trailing newline after the JSON: the same bytes as the Express route. `jsonBytes`: the JSON's, if measured. */
function answer(status: number, headers: ReadonlyArray<readonly [string, string]>, result: { errors?: GraphQLFormattedError[]; data?: unknown } | string, jsonBytes?: number): HttpAnswer {
  const json = typeof result === 'string' ? result : resultJson(result);
  return { status, headers: [...headers, ['content-type', JSON_TYPE]], body: `${json}\n`, bytes: jsonBytes === undefined ? undefined : jsonBytes + 1 };
}

function refusal(format: CompiledHttpSettings['format'], errors: readonly GraphQLError[], status: number): HttpAnswer {
  const head: HttpHead = { headers: [] };
  const formatted = formatErrors(format, errors, head);
  return answer(head.status ?? status, head.headers, { errors: formatted });
}

/**
 * Plain JSON POSTs to /graphql without Apollo (ADR 0021): the caller's token, the admission shared with the
 * websocket route (parse and validation caches, variables, cost, rate limit), compiled execution, the same
 * error formatting, HTTP statuses and response size cap as Apollo's pipeline and plugins. Returns null for
 * what it leaves to Apollo unchanged: an unusual body or Accept header, an operation name the document does
 * not have, a subscription.
 */
export function compiledHttp(settings: CompiledHttpSettings) {
  const { admission, execution, format } = settings;

  /** The caller's context, or Apollo's answer to its failure (401 and www-authenticate for a bad token). */
  async function contextOf(req: DirectRequest): Promise<HttpContext | HttpAnswer> {
    try {
      return await settings.context({ req });
    } catch (error) {
      const cause = error instanceof Error ? error : undefined;
      const failed = error instanceof GraphQLError ? error : new GraphQLError(`Context creation failed: ${cause?.message ?? String(error)}`, { originalError: cause });
      return refusal(format, [failed], 500);
    }
  }

  /** The executed operation's answer: its errors formatted, the size cap on queries. */
  function executed(result: ExecutionResult, operation: OperationDefinitionNode): HttpAnswer {
    const head: HttpHead = { headers: [] };
    const errors = result.errors ? formatErrors(format, result.errors, head) : undefined;
    // Nest's driver answers 200 whenever the result has data (its "preserve HTTP status" plugin).
    const status = 'data' in result ? 200 : (head.status ?? 400);
    if (operation.operation !== 'query') return answer(status, head.headers, { errors, data: result.data });
    // The response size cap, as responseSizePlugin applies it to Apollo's answers: queries only. The JSON measured
    // is the body sent (the plugin's `{ data, errors }` has the same bytes in another order): serialised once.
    const json = resultJson({ errors, data: result.data });
    const bytes = Buffer.byteLength(json);
    if (bytes > settings.maxResponseBytes) return answer(status, head.headers, { errors: [tooLarge(bytes, settings.maxResponseBytes)] });
    return answer(status, head.headers, json, bytes);
  }

  async function run(req: DirectRequest, request: OperationRequest): Promise<HttpAnswer | null> {
    const contextValue = await contextOf(req);
    if ('body' in contextValue) return contextValue;
    const checked = admission.check(request);
    if ('unresolved' in checked || ('operation' in checked && checked.operation.operation === 'subscription')) return null;
    if ('refused' in checked) return refusal(format, checked.refused, 400);
    const limited = admission.take(contextValue.principal, contextValue.ip);
    if (limited) return refusal(format, [limited], 429);
    const { schema, document, operationName, variableValues, operation } = checked;
    return executed(await execution.execute({ schema, document, operationName, variableValues, contextValue }), operation);
  }

  return {
    /** The answer to a parsed JSON body, or null for Apollo to answer it. */
    serve(req: DirectRequest, body: unknown): Promise<HttpAnswer | null> | null {
      const request = plainOperation(body, req.headers['accept']);
      return request ? run(req, request) : null;
    },
  };
}
