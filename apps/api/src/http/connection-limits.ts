import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { declaredOverLimit, refuseTooLarge } from './body-limit';

export interface ConnectionSettings {
  readonly keepAliveMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** Open connections in all (websockets included); beyond, the server accepts and closes at once. */
  readonly maxConnections: number;
  /** Open connections one TCP peer may hold (0: no bound); a trusted proxy's are not counted. */
  readonly maxConnectionsPerAddress: number;
  readonly maxBodyBytes: number;
  /** Whether a peer is a proxy named in TRUST_PROXY (it carries many clients: the proxy bounds them). */
  readonly isTrustedProxy: (address: string) => boolean;
}

/** The process's soft limit on open files (Linux /proc/self/limits), or null where it cannot be read. */
export function openFileLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  try {
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(read())?.[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/**
 * MAX_CONNECTIONS when unset: the open-file limit less head-room for everything else the process opens (its databases
 * and their WAL files, worker threads' pipes, the log, a new worker when one restarts): an eighth of the limit, at
 * least 128. No limit known: no bound.
 */
export function defaultMaxConnections(fileLimit: number | null): number {
  if (fileLimit === null) return Number.POSITIVE_INFINITY;
  return Math.max(1, fileLimit - Math.max(128, Math.ceil(fileLimit / 8)));
}

/**
 * Bounds what clients may hold of the server (issue #32.1): headers and the whole request must arrive within their
 * timeouts (a half-sent request is dropped), connections in all and per peer address are bounded, a declared body
 * over MAX_BODY_BYTES is refused at once (also when the client asks first, `Expect: 100-continue`), and an error of
 * the listening socket (EMFILE when the process is out of files) is logged, never thrown.
 */
export function limitConnections(server: Server, settings: ConnectionSettings, logger: Logger): void {
  server.keepAliveTimeout = settings.keepAliveMs;
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  // Node checks both timeouts every 30 s unless told otherwise: a half-sent request would live up to 30 s longer.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1_000, settings.headersTimeoutMs);
  server.maxConnections = settings.maxConnections;
  countPerAddress(server, settings);
  refuseDeclaredOverLimit(server, settings.maxBodyBytes, logger);
  // Once listening, accepting can fail when the process has no file left (EMFILE): libuv keeps listening, and Node
  // would throw the server's 'error' with nobody listening.
  server.once('listening', () =>
    server.on('error', (error: NodeJS.ErrnoException) => logger.warn({ code: error.code, syscall: error.syscall }, `the HTTP server could not take a connection: ${error.message}`)),
  );
}

function countPerAddress(server: Server, settings: ConnectionSettings): void {
  if (settings.maxConnectionsPerAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (settings.isTrustedProxy(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= settings.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

function refuseDeclaredOverLimit(server: Server, maxBodyBytes: number, logger: Logger): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const declared = declaredOverLimit(req, maxBodyBytes);
    if (declared === null) {
      for (const handler of handlers) handler(req, res);
      return;
    }
    refuseTooLarge(req, res, declared, maxBodyBytes);
    logger.warn({ code: 'PAYLOAD_TOO_LARGE', declared, path: req.url }, 'request refused: its declared body is over MAX_BODY_BYTES');
  };
  server.on('request', route);
  // A client that asks before sending its body (curl's way past 1 MB) is told 413 instead of "continue" when the
  // length it declares is over the limit; Node would otherwise invite the body first.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (declaredOverLimit(req, maxBodyBytes) === null) res.writeContinue();
    route(req, res);
  });
}
