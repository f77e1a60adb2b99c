import 'reflect-metadata';
import { createHmac } from 'node:crypto';
import { useMacFactory } from '@liars-dice/game-fairness';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
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
import { serveLandingPage } from './http/landing-page';
import { GraphqlPathErrors, inflateBodies } from './http/request-bodies';

const GRAPHQL_PATH = '/graphql';

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
  readonly app: NestFastifyApplication;
}

export interface StartOptions {
  /** Tests move time for turn timers; everything else uses the wall clock. */
  readonly clock?: Clock;
}

/** Starts the API from environment-style settings (the e2e tests call this with a temporary data dir). */
export async function startApi(
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<RunningApi> {
  // The same fairness derivation with Node's native HMAC (the portable one is JavaScript): every roll, faster.
  useMacFactory((key) => (message) => createHmac('sha256', key).update(message, 'utf8').digest());
  const config = loadConfig(env);
  const logger = createLogger(config.env.LOG_LEVEL);
  // One process per data directory (its SQLite files have one writer each): refused here, before anything opens.
  const lock = config.store === 'memory' ? null : DataDirLock.acquire(config.dataDir, 'api');
  if (lock?.replaced)
    logger.warn(
      { dataDir: config.dataDir, previous: lock.replaced },
      'replaced the stale lock of a process that has exited',
    );
  try {
    return await serve(config, logger, options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Everything after the data directory is ours: the store, the Nest app, the HTTP server. */
async function serve(
  config: ApiConfig,
  logger: Logger,
  options: StartOptions,
  lock: DataDirLock | null,
): Promise<RunningApi> {
  secureDataDir(
    config.dataDir,
    config.store === 'memory' ? [] : config.store === 'esdb' ? ['read.sqlite'] : undefined,
  );
  const timings = new PathTimings();
  const events = await openEventStore(config, timings.write);
  const infrastructure = { store: events, clock: options.clock ?? new Clock(), logger };
  const { env } = config;
  const trusted = isTrusted(env.TRUST_PROXY);
  const adapter = new FastifyAdapter({ bodyLimit: env.MAX_BODY_BYTES, trustProxy: trusted });
  // Fastify's own JSON parser (and text/plain, which Apollo refuses as a possible CSRF) only: no form bodies.
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.with(config, infrastructure),
    adapter,
    {
      logger: new PinoNestLogger(logger),
      bodyParser: false,
    },
  );
  const http = app.getHttpAdapter().getInstance();
  serveLandingPage(http, GRAPHQL_PATH);
  inflateBodies(http);
  const timed = timings.httpRequests();
  http.addHook('onRequest', (request, reply, done) =>
    request.routeOptions.url === GRAPHQL_PATH ? timed(request.raw, reply.raw, done) : done(),
  );
  app.useGlobalFilters(new GraphqlPathErrors(app.getHttpAdapter(), GRAPHQL_PATH, logger));
  const server = app.getHttpServer() as Server;
  const maxConnections = env.MAX_CONNECTIONS ?? defaultMaxConnections(openFileLimit());
  limitConnections(
    server,
    {
      keepAliveMs: env.HTTP_KEEP_ALIVE_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
      maxBodyBytes: env.MAX_BODY_BYTES,
      isTrustedProxy: (address) => trusted(address, 0),
    },
    logger,
  );
  collectDefaultMetrics({ register: app.get(MetricsRegistry) });
  // Which thread's heap holds the memory (docs/adr/0024): every worker posts its isolate's numbers.
  const threadMemory = new ThreadMemory();
  threadMemory.register(app.get(MetricsRegistry));
  timings.register(app.get(MetricsRegistry));
  await app.init();
  // Nest's own listen would make Fastify ready; this server listens on its HTTP server itself (after the limits).
  await http.ready();
  const operations = socketOperations({
    rules: app.get(RequestRules),
    authenticator: app.get(Authenticator),
    schema: app.get(GraphQLSchemaHost).schema,
    maxOperations: env.MAX_SOCKET_OPERATIONS,
  });
  const sockets = serveSockets(server, operations, {
    path: GRAPHQL_PATH,
    maxPayload: env.MAX_BODY_BYTES,
    maxSocketsPerAddress: env.MAX_SOCKETS_PER_ADDRESS,
    addressOf: clientAddress(env.TRUST_PROXY),
    logger,
  });
  const port = await listen(server, { host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG }).catch(
    async (error: unknown) => {
      await app.close();
      throw error;
    },
  );
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
    close: () =>
      (closing ??= closeAll(app, sockets)
        .then(() => events.close())
        .finally(() => (threadMemory.close(), lock?.release()))),
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

async function closeAll(app: NestFastifyApplication, sockets: SocketServer): Promise<void> {
  const server = app.getHttpServer() as Server;
  server.close();
  await sockets.close();
  await app.close();
}
