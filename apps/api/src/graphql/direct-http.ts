import type { IncomingHttpHeaders } from 'node:http';
import { type ApolloServer, type BaseContext, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import type { HttpAnswer } from './compiled-http';

/** A GraphQL POST as the edge thread hands it over: the body's text, the headers, the caller's address. */
export interface DirectRequest {
  readonly headers: IncomingHttpHeaders;
  readonly ip?: string;
}

export interface DirectRoute<Context extends BaseContext> {
  readonly apollo: ApolloServer<Context>;
  readonly context: (args: { req: DirectRequest }) => Promise<Context>;
  /** Answers a plain operation without Apollo (compiled-http.ts), or null to leave it to Apollo. */
  readonly compiled?: { serve(req: DirectRequest, body: unknown): Promise<HttpAnswer | null> | null };
}

function headersOf(req: DirectRequest): HeaderMap {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

const JSON_TYPE: ReadonlyArray<readonly [string, string]> = [['content-type', 'application/json; charset=utf-8']];

/**
 * The answer to a GraphQL POST (JSON within the size limit) without Express: the router, body parser and
 * `res.send` cost about as much CPU as executing a mutation (docs/benchmarks/api.md). A plain operation runs on
 * the compiled route (compiled-http.ts, ADR 0021: the websockets' admission and compiled execution, with Apollo's
 * statuses and error shapes); a JSON content type is never a CSRF "simple" request, so Apollo's CSRF check has
 * nothing to refuse here. Any other body (a batch, a persisted query, a malformed field, an unusual Accept) goes
 * to Apollo with the same context as the Express route. The edge thread decides which requests come here
 * (edge/direct-request.ts) and writes the answer (ADR 0036).
 */
export async function answerDirectly<Context extends BaseContext>(route: DirectRoute<Context>, req: DirectRequest, text: string): Promise<HttpAnswer> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, headers: JSON_TYPE, body: JSON.stringify({ errors: [{ message: 'the body is not JSON', extensions: { code: 'BAD_REQUEST' } }] }) };
  }
  const answered = await route.compiled?.serve(req, body);
  if (answered) return answered;
  const httpGraphQLRequest: HTTPGraphQLRequest = { method: 'POST', headers: headersOf(req), search: '', body };
  const response = await route.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: () => route.context({ req }) });
  let answer = '';
  if (response.body.kind === 'complete') answer = response.body.string;
  else for await (const chunk of response.body.asyncIterator) answer += chunk;
  return { status: response.status ?? 200, headers: [...response.headers], body: answer };
}
