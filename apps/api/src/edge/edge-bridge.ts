import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { GraphQLSchema } from 'graphql';
import { makeServer } from 'graphql-ws';
import type { Logger } from 'pino';
import { startWorker, type TurnOutbox } from '@liars-dice/platform-threads';
import type { HttpAnswer } from '../graphql/compiled-http';
import type { DirectRequest } from '../graphql/direct-http';
import type { WsServerOptions } from '../graphql/graphql.options';
import { CONNECTION_INIT_WAIT_MS, InitDeadlines } from './init-deadlines';
import { decodeFromEdge, type EdgeCommand, type EdgeControl, type EdgeSettings, edgeOutbox, encodeToEdge, type FromEdge, type ToEdge } from './edge-protocol';

/** graphql-ws's close code for an internal error (its CloseCode.InternalServerError). */
const INTERNAL_ERROR_CLOSE = 1011;
const GOING_AWAY = 1001;
/** graphql-ws's close for a socket that sent no `connection_init` in time (its CloseCode.ConnectionInitialisationTimeout). */
const INIT_TIMEOUT_CLOSE = 4408;

export interface EdgeRoutes {
  /** Answers a plain GraphQL POST (graphql/direct-http.ts). */
  readonly http: (req: DirectRequest, body: string) => Promise<HttpAnswer>;
  /** graphql-ws's options (graphql.options.ts) and the schema it falls back to. */
  readonly sockets: WsServerOptions;
  readonly schema: GraphQLSchema;
  readonly logger: Logger;
  /** Told each POST's time from its arrival in the edge thread to its answer's hand-back (ms). */
  readonly timings?: { observe(segment: string, ms: number): void };
}

/**
 * A websocket as graphql-ws and the token expiry (`closeAtExpiry`) see it on the main thread: its frames and its
 * close go to the edge thread, which owns the real socket; 'close' is emitted when the edge thread says it closed.
 */
class RemoteSocket extends EventEmitter {
  open = true;
  handle: ((text: string) => Promise<void>) | null = null;
  closed: ((code?: number, reason?: string) => Promise<void>) | null = null;

  constructor(
    readonly sid: number,
    private readonly outbox: TurnOutbox<ToEdge>,
  ) {
    super();
  }

  send(text: string): void {
    if (this.open) this.outbox.push({ k: 'send', sid: this.sid, text });
  }

  close(code: number, reason: string): void {
    if (this.open) this.outbox.push({ k: 'close', sid: this.sid, code, reason });
  }
}

/**
 * The main thread's side of the edge thread (ADR 0036): it hands plain GraphQL POSTs to the direct route and runs
 * graphql-ws's protocol for every websocket the edge thread holds. Everything crosses as text, batched per turn (ADR 0040).
 */
export class EdgeBridge {
  private readonly outbox: TurnOutbox<ToEdge>;
  private readonly sockets = new Map<number, RemoteSocket>();
  private readonly graphqlWs;
  /** Sockets that have not sent `connection_init` yet: one timer for all, not graphql-ws's one per socket (ADR 0054). */
  private readonly initDeadlines: InitDeadlines<number>;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    private readonly routes: EdgeRoutes,
    readonly port: number,
  ) {
    this.outbox = edgeOutbox<ToEdge>((batch) => worker.postMessage(batch), encodeToEdge);
    const { connectionInitWaitTimeout = CONNECTION_INIT_WAIT_MS, onConnect } = routes.sockets;
    this.initDeadlines = new InitDeadlines(connectionInitWaitTimeout, (sid) => this.sockets.get(sid)?.close(INIT_TIMEOUT_CLOSE, 'Connection initialisation timeout'));
    this.graphqlWs = makeServer({
      schema: routes.schema,
      ...routes.sockets,
      // graphql-ws would keep a timer per socket for its whole life; initDeadlines keeps the same deadline with one.
      connectionInitWaitTimeout: 0,
      // graphql-ws calls this as soon as it reads a socket's first `connection_init` (before anything is awaited).
      onConnect: (ctx) => {
        this.initDeadlines.settled((ctx.extra as { socket: RemoteSocket }).socket.sid);
        return onConnect?.(ctx);
      },
    } as Parameters<typeof makeServer>[0]);
    worker.on('message', (batch: unknown[] | EdgeControl) => {
      if (Array.isArray(batch)) for (const message of decodeFromEdge(batch)) this.receive(message);
    });
    worker.on('error', (error) => this.failed(error));
    worker.on('exit', (code) => this.failed(new Error(`the edge thread exited (${code})`)));
  }

  /** Starts the edge thread and resolves once it listens (rejects if it cannot: the port is taken, say). */
  static async start(settings: EdgeSettings, routes: EdgeRoutes): Promise<EdgeBridge> {
    const worker = startWorker(__filename, 'edge.worker', { workerData: settings });
    const port = await new Promise<number>((resolve, reject) => {
      const early = (error: unknown): void => reject(error instanceof Error ? error : new Error(`the edge thread exited (${String(error)})`));
      worker.once('error', early).once('exit', early);
      worker.once('message', (message: EdgeControl) => {
        worker.off('error', early).off('exit', early);
        if (message.k === 'listening') resolve(message.port);
        else reject(new Error(message.k === 'failed' ? message.message : 'the edge thread did not start'));
      });
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new EdgeBridge(worker, routes, port);
  }

  /** Stops taking connections; HTTP connections open are served until `close`. */
  stopListening(): void {
    const command: EdgeCommand = { k: 'stop-listening' };
    this.worker.postMessage(command);
  }

  /**
   * Ends every websocket now (1001, as Nest's own server did before the commands drain): their operations and
   * subscriptions end on this thread at once, without waiting for the edge thread to confirm.
   */
  closeSockets(): void {
    for (const [sid, socket] of this.sockets) {
      socket.close(GOING_AWAY, 'Going away');
      this.closed(sid, GOING_AWAY, 'Going away');
    }
  }

  /** Sends what is waiting, closes every socket (1001) and ends the edge thread. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.initDeadlines.disarm();
    this.outbox.flush();
    const stopped = new Promise<void>((resolve) => this.worker.on('message', (message: EdgeControl) => message.k === 'stopped' && resolve()));
    const command: EdgeCommand = { k: 'shutdown' };
    this.worker.postMessage(command);
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    await this.worker.terminate();
  }

  private failed(error: Error): void {
    if (this.closing) return;
    this.closing = true;
    // Without its edge the API serves nobody: fail loudly (the last-resort handler logs and exits; a supervisor restarts).
    process.nextTick(() => {
      throw error;
    });
  }

  private receive(message: FromEdge): void {
    switch (message.k) {
      case 'http':
        this.answer(message);
        return;
      case 'open':
        this.open(message.sid, message.protocol, message.ip);
        return;
      case 'message':
        this.message(message.sid, message.text);
        return;
      case 'closed':
        this.closed(message.sid, message.code, message.reason);
        return;
      case 'warn':
        this.routes.logger.warn(message.fields, message.message);
    }
  }

  private answer({ id, body, headers, ip, received }: Extract<FromEdge, { k: 'http' }>): void {
    const done = (answer: HttpAnswer): void => {
      this.outbox.push({ k: 'answer', id, status: answer.status, headers: answer.headers, body: answer.body });
      this.routes.timings?.observe('http_request', performance.timeOrigin + performance.now() - received);
    };
    this.routes.http({ headers, ip }, body).then(done, (error: unknown) => {
      this.routes.logger.error({ err: error }, 'a GraphQL POST failed');
      done({ status: 500, headers: [['content-type', 'text/plain']], body: 'internal error' });
    });
  }

  private open(sid: number, protocol: string, ip: string | undefined): void {
    const socket = new RemoteSocket(sid, this.outbox);
    this.sockets.set(sid, socket);
    this.initDeadlines.opened(sid);
    socket.closed = this.graphqlWs.opened(
      {
        protocol,
        send: async (text) => socket.send(text),
        close: (code, reason) => socket.close(code ?? 1000, reason ?? ''),
        onMessage: (handle) => void (socket.handle = handle),
      },
      // What ws-operations.ts reads: the socket (its expiry closes it) and the caller's address. Only that: graphql-ws
      // keeps this for the socket's life, and its upgrade request's headers were ~9 objects per socket (ADR 0046).
      { socket, request: { socket: { remoteAddress: ip } } },
    );
  }

  private message(sid: number, text: string): void {
    const socket = this.sockets.get(sid);
    if (!socket?.handle) return;
    socket.handle(text).catch((error: unknown) => {
      this.routes.logger.error({ err: error }, 'a websocket message failed');
      socket.close(INTERNAL_ERROR_CLOSE, 'Internal server error');
    });
  }

  private closed(sid: number, code: number, reason: string): void {
    const socket = this.sockets.get(sid);
    if (!socket) return;
    this.sockets.delete(sid);
    this.initDeadlines.settled(sid);
    socket.open = false;
    socket.emit('close');
    void socket.closed?.(code, reason);
  }
}
