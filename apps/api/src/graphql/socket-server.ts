import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { SocketsPerAddress } from '../http/socket-quota';
import type { SocketExtra } from './socket-operations';

/** graphql-ws's keep-alive (its `useServer` default): a ping every 12 s, a socket that does not answer within the next 12 s is cut. */
const KEEP_ALIVE_MS = 12_000;
/** graphql-ws's close code for an internal error (its CloseCode.InternalServerError). */
const INTERNAL_ERROR_CLOSE = 1011;

export interface SocketServerSettings {
  readonly path: string;
  /** Websocket messages get the HTTP body limit (ws allows 100 MiB by default): a bigger one closes the socket with 1009. */
  readonly maxPayload: number;
  /** Open websockets one client address may hold (MAX_SOCKETS_PER_ADDRESS; 0: no bound). */
  readonly maxSocketsPerAddress: number;
  readonly addressOf: (req: IncomingMessage) => string | undefined;
  readonly logger: Logger;
}

export interface SocketServer {
  /** Closes every websocket (1001, "going away") and stops taking new ones. */
  close(): Promise<void>;
}

/**
 * graphql-ws on a `ws` server attached to Nest's own HTTP server (ADR 0064). What graphql-ws's `useServer` does, with
 * what it cannot be told: upgrades to any path but `path` get 404 at once, the per-address bound closes one socket too
 * many (1013) before graphql-ws reads it, messages are bounded (1009), and a client's socket error (an oversized or
 * malformed frame, a reset) is one warning on the JSON log, not a stack on standard error.
 */
export function serveSockets(server: Server, options: ServerOptions<Record<string, unknown> | undefined, SocketExtra>, settings: SocketServerSettings): SocketServer {
  const graphqlWs = makeServer(options);
  const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxPayload, handleProtocols: (protocols) => handleProtocols(protocols) });
  const quota = new SocketsPerAddress(settings.maxSocketsPerAddress);
  const { logger } = settings;

  function opened(socket: WebSocket, ip: string | undefined): void {
    socket.on('error', (error: Error & { code?: string }) => logger.warn({ code: error.code }, `websocket closed on a client error: ${error.message}`));
    const stop = keepAlive(socket);
    const closed = graphqlWs.opened(
      {
        protocol: socket.protocol,
        send: async (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data) => {
            handle(String(data)).catch((error: unknown) => {
              logger.error({ err: error }, 'a websocket message failed');
              socket.close(INTERNAL_ERROR_CLOSE, 'Internal server error');
            });
          }),
      },
      // Only what the operations read: graphql-ws keeps this for the socket's life.
      { socket, ip },
    );
    socket.once('close', (code, reason) => {
      stop();
      void closed(code, String(reason));
    });
  }

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if ((req.url ?? '').split('?')[0] !== settings.path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const ip = settings.addressOf(req);
      if (quota.admit(ws, ip)) opened(ws, ip);
      else ws.on('error', () => undefined);
    });
  };
  server.on('upgrade', upgrade);

  return {
    close: async () => {
      server.off('upgrade', upgrade);
      for (const client of wss.clients) client.close(1001, 'Going away');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function keepAlive(socket: WebSocket): () => void {
  let pongWait: NodeJS.Timeout | null = null;
  const ping = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
    socket.once('pong', () => pongWait && clearTimeout(pongWait));
    socket.ping();
  }, KEEP_ALIVE_MS);
  return () => {
    clearInterval(ping);
    if (pongWait) clearTimeout(pongWait);
  };
}
