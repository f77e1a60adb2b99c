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
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { Authenticator } from '@liars-dice/server-auth';
import type { Server } from 'node:http';
import { RequestRules } from './graphql/request-rules';
import { socketOperations } from './graphql/socket-operations';
import { type SocketServer, serveSockets } from './graphql/socket-server';
import { clientAddress, isTrusted } from './http/client-address';
import { defaultMaxConnections, limitConnections, openFileLimit } from './http/connection-limits';
import { graphqlLandingPage } from './http/landing-page';

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
  const { env } = config;
  const server = app.getHttpServer() as Server;
  const maxConnections = env.MAX_CONNECTIONS ?? defaultMaxConnections(openFileLimit());
  const trusted = isTrusted(env.TRUST_PROXY);
  limitConnections(server, {
    keepAliveMs: env.HTTP_KEEP_ALIVE_MS,
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    maxConnections,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    maxBodyBytes: env.MAX_BODY_BYTES,
    isTrustedProxy: (address) => trusted(address, 0),
  }, logger);
  // Every GraphQL reply is a POST answer for one caller: an ETag (a hash of each body) never helps a client.
  app.set('etag', false);
  app.disable('x-powered-by');
  // Express's req.ip follows TRUST_PROXY as the rules' client address does (http/client-address.ts).
  app.set('trust proxy', trusted);
  // GraphQL lives at /graphql only: Express would hand /graphql/anything to it as well.
  app.use('/graphql', (req: express.Request, res: express.Response, next: express.NextFunction) => (req.path === '/' ? next() : res.status(404).json({ errors: [{ message: `no route ${req.method} ${req.originalUrl}`, extensions: { code: 'NOT_FOUND' } }] })));
  app.use('/graphql', graphqlLandingPage());
  app.use('/graphql', timings.httpRequests());
  // Bodies over the limit are refused (413) before GraphQL parses anything: the client's fault, logged as a warning.
  app.use(clientErrorsAsWarnings(express.json({ limit: env.MAX_BODY_BYTES }), logger));
  collectDefaultMetrics({ register: app.get(MetricsRegistry) });
  // Which thread's heap holds the memory (docs/adr/0024): every worker posts its isolate's numbers.
  const threadMemory = new ThreadMemory();
  threadMemory.register(app.get(MetricsRegistry));
  timings.register(app.get(MetricsRegistry));
  await app.init();
  const operations = socketOperations({ rules: app.get(RequestRules), authenticator: app.get(Authenticator), schema: app.get(GraphQLSchemaHost).schema, maxOperations: env.MAX_SOCKET_OPERATIONS });
  const sockets = serveSockets(server, operations, { path: '/graphql', maxPayload: env.MAX_BODY_BYTES, maxSocketsPerAddress: env.MAX_SOCKETS_PER_ADDRESS, addressOf: clientAddress(env.TRUST_PROXY), logger });
  const port = await listen(server, { host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  logger.info({ maxConnections, maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS }, 'listening');
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    graphqlUrl: `http://${host}:${port}/graphql`,
    wsUrl: `ws://${host}:${port}/graphql`,
    config,
    logger,
    app,
    // Websockets close first (their subscriptions would hold the drain); the commands in flight drain (Nest's
    // shutdown hooks) and their answers go out; Apollo's drain plugin closes the HTTP server.
    close: () => (closing ??= closeAll(app, sockets).then(() => events.close()).finally(() => (threadMemory.close(), lock?.release()))),
  };
}

function listen(server: Server, at: { host: string; port: number; backlog: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : at.port);
    });
  });
}

async function closeAll(app: NestExpressApplication, sockets: SocketServer): Promise<void> {
  const server = app.getHttpServer() as Server;
  server.close();
  await sockets.close();
  await app.close();
}
