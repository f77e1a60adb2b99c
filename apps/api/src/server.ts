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
import { createLogger, PinoNestLogger } from './logger';
import { GRAPHQL_MODULE_OPTIONS, GraphQLModule, GraphQLSchemaHost } from '@nestjs/graphql';
import type { ApolloDriver } from '@nestjs/apollo';
import type { ApolloServer } from '@apollo/server';
import { Authenticator } from '@liars-dice/server-auth';
import { answerDirectly } from './graphql/direct-http';
import { compiledHttpFor, type HttpContext, httpContext, socketOptionsFor } from './graphql/graphql.options';
import { EdgeBridge } from './edge/edge-bridge';
import { believeOnlyTheEdge, newEdgeKey } from './edge/edge-key';

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
  // Express believes X-Forwarded-For from the edge thread only, not from any local process on its loopback port (ADR 0049).
  const edgeKey = newEdgeKey();
  app.use(believeOnlyTheEdge(edgeKey));
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
  // Express sits behind the edge thread (ADR 0036): the client's address is the one the edge thread forwards (and
  // vouches for with its key; believeOnlyTheEdge drops any other caller's header).
  app.set('trust proxy', 'loopback');
  await app.init();
  const graphql = app.get(GRAPHQL_MODULE_OPTIONS);
  const sockets = socketOptionsFor(graphql);
  if (!sockets) throw new Error('the GraphQL options were not made by graphqlOptions: no websocket route');
  const apollo = app.get<GraphQLModule<ApolloDriver>>(GraphQLModule).graphQlAdapter.instance as ApolloServer<HttpContext>;
  const direct = { apollo, context: httpContext(app.get(Authenticator)), compiled: compiledHttpFor(graphql) };
  // Express (health, metrics, Apollo's other routes) listens on loopback only; the edge thread proxies to it.
  await (app as unknown as { listen(port: number, host: string): Promise<unknown> }).listen(0, '127.0.0.1');
  const server = app.getHttpServer() as import('node:http').Server;
  // The edge thread's connections to it are kept for reuse without an idle limit (a limit would race the reuse
  // and fail a proxied request with a reset); the clients' own keep-alive limits are the edge thread's.
  server.keepAliveTimeout = 0;
  const internal = server.address();
  const edge = await EdgeBridge.start(
    {
      host: config.env.HOST,
      port: config.env.PORT,
      backlog: LISTEN_BACKLOG,
      internalPort: typeof internal === 'object' && internal ? internal.port : 0,
      path: '/graphql',
      maxBodyBytes: config.env.MAX_BODY_BYTES,
      keepAliveMs: config.env.HTTP_KEEP_ALIVE_MS,
      maxSocketsPerAddress: config.env.MAX_SOCKETS_PER_ADDRESS,
      trustProxy: config.env.TRUST_PROXY,
      edgeKey,
    },
    { http: (req, body) => answerDirectly(direct, req, body), sockets, schema: app.get(GraphQLSchemaHost).schema, logger, timings },
  ).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const port = edge.port;
  const host = config.env.HOST === '0.0.0.0' ? '127.0.0.1' : config.env.HOST;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    graphqlUrl: `http://${host}:${port}/graphql`,
    wsUrl: `ws://${host}:${port}/graphql`,
    config,
    logger,
    app,
    // New connections stop and websockets close first (as Nest's own websocket server closed before the drain); the
    // commands in flight drain (Nest's shutdown hooks) and their HTTP answers go out; then the edge thread ends.
    close: () => (closing ??= (edge.stopListening(), edge.closeSockets(), app.close()).then(() => edge.close()).then(() => events.close()).finally(() => (threadMemory.close(), lock?.release()))),
  };
}
