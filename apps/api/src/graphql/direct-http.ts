import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type ApolloServer, type BaseContext, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import type { HttpAnswer } from './compiled-http';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface DirectRoute<Context extends BaseContext> {
  readonly path: string;
  readonly apollo: ApolloServer<Context>;
  readonly context: (args: { req: IncomingMessage & { ip?: string } }) => Promise<Context>;
  /** Bodies over this size go the Express way, which refuses them with 413. */
  readonly maxBodyBytes: number;
  /** Answers a plain operation without Apollo (compiled-http.ts), or null to leave it to Apollo. */
  readonly compiled?: { serve(req: IncomingMessage & { ip?: string }, body: unknown): Promise<HttpAnswer | null> | null };
  /** Told each request's time from its request event to its answer's end (ms). */
  readonly timings?: { observe(segment: string, ms: number): void };
}

function isDirect(req: IncomingMessage, path: string, maxBodyBytes: number): boolean {
  if (req.method !== 'POST' || req.url !== path) return false;
  const type = req.headers['content-type'] ?? '';
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  // A compressed body is left to Express's parser, which inflates it.
  const plain = (req.headers['content-encoding'] ?? 'identity') === 'identity';
  return plain && type.startsWith('application/json') && Number.isInteger(length) && length <= maxBodyBytes;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** A complete answer; `bytes` when the compiled route already measured the body (a query's, for its size cap). */
interface Reply extends Omit<HttpAnswer, 'headers'> {
  readonly headers: Iterable<readonly [string, string]>;
}

function reply(res: ServerResponse, { status, headers, body, bytes = Buffer.byteLength(body) }: Reply): void {
  for (const [key, value] of headers) res.setHeader(key, value);
  res.setHeader('content-length', bytes);
  res.statusCode = status;
  res.end(body);
}

async function serve<Context extends BaseContext>(route: DirectRoute<Context>, req: IncomingMessage & { ip?: string }, res: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch {
    const refusal = { errors: [{ message: 'the body is not JSON', extensions: { code: 'BAD_REQUEST' } }] };
    reply(res, { status: 400, headers: [['content-type', 'application/json; charset=utf-8']], body: JSON.stringify(refusal) });
    return;
  }
  req.ip = req.socket.remoteAddress;
  const answered = await route.compiled?.serve(req, body);
  if (answered) {
    reply(res, answered);
    return;
  }
  const httpGraphQLRequest: HTTPGraphQLRequest = { method: 'POST', headers: headersOf(req), search: '', body };
  const response = await route.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: () => route.context({ req }) });
  if (response.body.kind === 'complete') {
    reply(res, { status: response.status ?? 200, headers: response.headers, body: response.body.string });
    return;
  }
  for (const [key, value] of response.headers) res.setHeader(key, value);
  res.statusCode = response.status ?? 200;
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}

/**
 * Serves GraphQL POSTs (JSON within the size limit) in front of Express: the router, body parser and
 * `res.send` cost about as much CPU as executing a mutation (docs/benchmarks/api.md). A plain operation runs
 * on the compiled route (compiled-http.ts, ADR 0021: the websockets' admission and compiled execution, with
 * Apollo's statuses and error shapes); a JSON content type is never a CSRF "simple" request, so Apollo's CSRF
 * check has nothing to refuse here. Any other body (a batch, a persisted query, a malformed field, an unusual
 * Accept) goes straight to Apollo with the same context as the Express route; anything else (GET, other
 * content types, compressed bodies, bodies without a length or over the limit, other paths) goes to Express
 * unchanged.
 */
export function serveGraphqlDirectly<Context extends BaseContext>(server: Server, route: DirectRoute<Context>): void {
  const others = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isDirect(req, route.path, route.maxBodyBytes)) {
      const received = performance.now();
      serve(route, req, res).then(() => route.timings?.observe('http_request', performance.now() - received)).catch((error: unknown) => {
        if (!res.headersSent) reply(res, { status: 500, headers: [['content-type', 'text/plain']], body: 'internal error' });
        else res.destroy(error instanceof Error ? error : undefined);
      });
      return;
    }
    for (const listener of others) listener.call(server, req, res);
  });
}
