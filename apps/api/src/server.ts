import 'reflect-metadata';
import { createHmac } from 'node:crypto';
import { useMacFactory } from '@liars-dice/game-fairness';
import express from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { collectDefaultMetrics } from 'prom-client';
import { Clock, DataDirLock, MetricsRegistry, ThreadMemory } from '@liars-dice/server-platform';
import { AppModule } from './app.module';
import { type ApiConfig, loadConfig } from './config';
import { openEventStore } from './event-store';
import { PathTimings } from './path-timings';
import { secureDataDir } from './data-dir';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import { createLogger, PinoNestLogger } from './logger';
import type { IncomingMessage } from 'node:http';
import { GRAPHQL_MODULE_OPTIONS, GraphQLModule } from '@nestjs/graphql';
import type { ApolloDriver } from '@nestjs/apollo';
import type { ApolloServer } from '@apollo/server';
import { Authenticator } from '@liars-dice/server-auth';
import { serveGraphqlDirectly } from './graphql/direct-http';
import { SocketsPerAddress } from './graphql/socket-quota';
import { compiledHttpFor, type HttpContext, httpContext } from './graphql/graphql.options';

/** The listen queue asked for (Linux caps it at net.core.somaxconn, 4096 by default). */
const LISTEN_BACKLOG = 4096;

export interface RunningApi {
  readonly url: string;
  readonly graphqlUrl: string;
  readonly wsUrl: string;
  readonly config: ApiConfig;
  /** Drains in-flight commands, stops the server, closes the store. */
  close(): Promise<void>;
  readonly logger: Logger;
  /** The Nest application (int tests reach providers through it). */
  readonly app: NestExpressApplication;
}

export interface StartOptions {
  /** Tests move time for turn timers; everything else uses the wall clock. */
  readonly clock?: Clock;
}

/**
 * Websocket messages get the HTTP body limit (ws allows 100 MiB by default); a bigger one closes the socket
 * with 1009. One address holds at most MAX_SOCKETS_PER_ADDRESS sockets at once. Nest does not expose its
 * WebSocketServer, so this reaches for it and refuses to start without it.
 */
function limitSockets(driver: ApolloDriver, limits: { readonly maxBytes: number; readonly perAddress: number }, logger: Logger): void {
  const wss = (driver as unknown as { _subscriptionService?: { wss?: WebSocketServer } })._subscriptionService?.wss;
  if (!wss?.options) throw new Error('cannot limit websocket message sizes: @nestjs/graphql no longer keeps its WebSocketServer where expected');
  wss.options.maxPayload = limits.maxBytes;
  // Sockets per address (socket-quota.ts): one past the bound is closed before graphql-ws reads a message from it.
  const quota = new SocketsPerAddress(limits.perAddress);
  wss.prependListener('connection', (socket: WebSocket, request: IncomingMessage) => {
    logSocketErrors(socket, logger);
    quota.admit(socket, request.socket.remoteAddress);
  });
}

/**
 * A socket error (an oversized or malformed frame, a reset) is the client's doing: ws has already closed the
 * socket with the right code when it emits 'error'. graphql-ws's own listener would only print it with
 * console.error, outside the JSON log, so the event is logged here as one pino warning and not passed on.
 */
function logSocketErrors(socket: WebSocket, logger: Logger): void {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'error') return emit(event, ...args);
    const error = args[0] as (Error & { code?: string }) | undefined;
    logger.warn({ code: error?.code }, `websocket closed on a client error: ${error?.message ?? String(error)}`);
    return true;
  }) as typeof socket.emit;
}

/**
 * Websocket upgrades are for `path` only. @nestjs/graphql hands any URL that starts with it to ws (which answers
 * 400 for `/graphql/x`) and leaves every other upgrade request hanging with its socket open; here any other
 * path gets 404 at once, and the listeners already registered (Nest's) see only `path`.
 */
function onlyUpgradesTo(server: import('node:http').Server, path: string): void {
  const listeners = server.listeners('upgrade') as ((req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === path) for (const listener of listeners) listener.call(server, req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

/**
 * A body the parser refuses (too large, not JSON, an unknown charset) is answered here with its 4xx status
 * and a GraphQL-shaped error, and logged as a warning; Nest's exception handler would log it as an error.
 */
function clientErrorsAsWarnings(parser: express.RequestHandler, logger: Logger): express.RequestHandler {
  return (req, res, next) =>
    parser(req, res, (error?: unknown) => {
      const status = (error as { status?: unknown } | undefined)?.status;
      if (typeof status !== 'number' || status < 400 || status >= 500) return next(error);
      logger.warn({ status, path: req.originalUrl, length: req.headers['content-length'] }, (error as Error).message);
      res.status(status).json({ errors: [{ message: (error as Error).message, extensions: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' } }] });
    });
}

/** Starts the API from environment-style settings (the e2e tests call this with a temporary data dir). */
export async function startApi(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<RunningApi> {
  // The same fairness derivation with Node's native HMAC (the portable one is JavaScript): every roll, faster.
  useMacFactory((key) => (message) => createHmac('sha256', key).update(message, 'utf8').digest());
  const config = loadConfig(env);
  const logger = createLogger(config.env.LOG_LEVEL);
  // One process per data directory (its SQLite files have one writer each): refused here, before anything opens.
  const lock = config.store === 'memory' ? null : DataDirLock.acquire(config.dataDir, 'api');
  if (lock?.replaced) logger.warn({ dataDir: config.dataDir, previous: lock.replaced }, 'replaced the stale lock of a process that has exited');
  try {
    return await serve(config, logger, options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Everything after the data directory is ours: the store, the Nest app, the HTTP server. */
async function serve(config: ApiConfig, logger: Logger, options: StartOptions, lock: DataDirLock | null): Promise<RunningApi> {
  secureDataDir(config.dataDir, config.store === 'memory' ? [] : config.store === 'esdb' ? ['read.sqlite'] : undefined);
  const timings = new PathTimings();
  const events = await openEventStore(config, timings.write);
  const infrastructure = { store: events, clock: options.clock ?? new Clock(), logger };
  const app = await NestFactory.create<NestExpressApplication>(AppModule.with(config, infrastructure), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  // Every GraphQL reply is a POST answer for one caller: an ETag (a hash of each body) never helps a client.
  app.set('etag', false);
  app.disable('x-powered-by');
  // GraphQL lives at /graphql only: Express would hand /graphql/anything to it as well.
  app.use('/graphql', (req: express.Request, res: express.Response, next: express.NextFunction) => (req.path === '/' ? next() : res.status(404).json({ errors: [{ message: `no route ${req.method} ${req.originalUrl}`, extensions: { code: 'NOT_FOUND' } }] })));
  // Bodies over the limit are refused (413) before GraphQL parses anything: the client's fault, logged as a warning.
  app.use(clientErrorsAsWarnings(express.json({ limit: config.env.MAX_BODY_BYTES }), logger));
  collectDefaultMetrics({ register: app.get(MetricsRegistry) });
  // Which thread's heap holds the memory (docs/adr/0024): every worker posts its isolate's numbers.
  const threadMemory = new ThreadMemory();
  threadMemory.register(app.get(MetricsRegistry));
  timings.register(app.get(MetricsRegistry));
  await app.init();
  const server = app.getHttpServer() as import('node:http').Server;
  const driver = app.get<GraphQLModule<ApolloDriver>>(GraphQLModule).graphQlAdapter;
  limitSockets(driver, { maxBytes: config.env.MAX_BODY_BYTES, perAddress: config.env.MAX_SOCKETS_PER_ADDRESS }, logger);
  onlyUpgradesTo(server, '/graphql');
  const apollo = driver.instance as ApolloServer<HttpContext>;
  const compiled = compiledHttpFor(app.get(GRAPHQL_MODULE_OPTIONS));
  serveGraphqlDirectly(server, { path: '/graphql', apollo, context: httpContext(app.get(Authenticator)), maxBodyBytes: config.env.MAX_BODY_BYTES, compiled, timings });
  server.keepAliveTimeout = config.env.HTTP_KEEP_ALIVE_MS;
  // Node wants the time allowed for a request's headers to exceed the keep-alive time (else a request sent as an idle connection times out may be cut).
  server.headersTimeout = config.env.HTTP_KEEP_ALIVE_MS + 1000;
  // A longer accept queue than Node's 511 (the kernel caps it at net.core.somaxconn): a burst of connects while the event loop is busy waits instead of being dropped.
  await (app as unknown as { listen(port: number, host: string, backlog: number): Promise<unknown> }).listen(config.env.PORT, config.env.HOST, LISTEN_BACKLOG);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.env.PORT;
  const host = config.env.HOST === '0.0.0.0' ? '127.0.0.1' : config.env.HOST;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    graphqlUrl: `http://${host}:${port}/graphql`,
    wsUrl: `ws://${host}:${port}/graphql`,
    config,
    logger,
    app,
    close: () => (closing ??= app.close().then(() => events.close()).finally(() => (threadMemory.close(), lock?.release()))),
  };
}
