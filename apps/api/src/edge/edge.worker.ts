import { Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { reportThreadMemory } from '@liars-dice/platform-threads';
import { handleProtocols } from 'graphql-ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { SocketsPerAddress } from './socket-quota';
import { clientAddress } from './client-address';
import { EDGE_KEY_HEADER, isForwardingHeader } from './edge-key';
import { declaredOverLimit, refuseTooLarge } from './body-limit';
import { isDirect, readBody } from './direct-request';
import { decodeToEdge, type EdgeCommand, type EdgeControl, type EdgeSettings, encodeFromEdge, edgeOutbox, type FromEdge, type ToEdge } from './edge-protocol';

/**
 * The API's edge thread (ADR 0036): it owns the public listener and every socket. Plain GraphQL POSTs and
 * websocket messages cross to the main thread as text, the answers and frames come back as text; every other
 * HTTP request is proxied to the main thread's own server on loopback. Socket reads, HTTP parsing, websocket
 * framing and every socket write happen here, not on the main thread.
 */
const settings = workerData as EdgeSettings;
reportThreadMemory('edge');
const port = parentPort as NonNullable<typeof parentPort>;
const outbox = edgeOutbox<FromEdge>((batch) => port.postMessage(batch), encodeFromEdge);
/** graphql-ws's keep-alive: a ping every 12 s, a socket that does not answer within the next 12 s is cut. */
const KEEP_ALIVE_MS = 12_000;
/** Connection-scoped headers a proxy must not pass on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

const pending = new Map<number, ServerResponse>();
const sockets = new Map<number, WebSocket>();
let nextId = 0;
const now = (): number => performance.timeOrigin + performance.now();
/** Every path (direct POSTs, proxied requests, websockets) takes the client's address from here (TRUST_PROXY, ADR 0049). */
const addressOf = clientAddress(settings.trustProxy);

function direct(req: IncomingMessage, res: ServerResponse): void {
  const ip = addressOf(req);
  // The main thread gets the address believed here, not what the client (or its proxies) said about it.
  for (const name in req.headers) if (isForwardingHeader(name)) delete req.headers[name];
  readBody(req).then(
    (body) => {
      const id = ++nextId;
      pending.set(id, res);
      res.once('close', () => pending.delete(id));
      outbox.push({ k: 'http', id, body, headers: req.headers, ip, received: now() });
    },
    () => res.destroy(),
  );
}

function forwardedHeaders(headers: IncomingHttpHeaders, ip: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(key) && !isForwardingHeader(key)) out[key] = value;
  // What the client (or its proxies) sent about the client (X-Forwarded-*, Forwarded) is replaced by the one
  // address believed here, nothing else: Express believes it because the key vouches that this thread set it
  // (edge-key.ts), and its req.protocol and req.hostname are then the hop's own (http, the Host header).
  out['x-forwarded-for'] = ip ?? '';
  out[EDGE_KEY_HEADER] = settings.edgeKey;
  return out;
}

const agent = new Agent({ keepAlive: true });

/** Any other request: to the main thread's Express on loopback, the answer back as it comes. */
function proxy(req: IncomingMessage, res: ServerResponse): void {
  const out = request({ host: '127.0.0.1', port: settings.internalPort, method: req.method, path: req.url, headers: forwardedHeaders(req.headers, addressOf(req)), agent }, (answer) => {
    const headers: string[] = [];
    const raw = answer.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const [name, value] = [raw[i] as string, raw[i + 1] as string];
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push(name, value);
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    answer.pipe(res);
  });
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    else res.destroy();
  });
  // A refused body (413) is answered before it is all sent: the rest is dropped, not an error.
  res.once('close', () => req.unpipe(out));
  req.pipe(out);
}

/** A body declared over the limit is refused here at once, on any path; the rest go direct or to Express. */
function route(req: IncomingMessage, res: ServerResponse): void {
  const declared = declaredOverLimit(req, settings.maxBodyBytes);
  if (declared === null) return isDirect(req, settings.path, settings.maxBodyBytes) ? direct(req, res) : proxy(req, res);
  refuseTooLarge(req, res, declared, settings.maxBodyBytes);
  outbox.push({ k: 'warn', fields: { code: 'PAYLOAD_TOO_LARGE', declared }, message: 'request refused: its declared body is over MAX_BODY_BYTES' });
}

const server = createServer(route);
// A client that asks before sending its body (`Expect: 100-continue`, curl's way past 1 MB) is told 413 instead of
// "continue" when the length it declares is over the limit; Node would otherwise invite the body first.
server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
  if (declaredOverLimit(req, settings.maxBodyBytes) === null) res.writeContinue();
  route(req, res);
});
server.keepAliveTimeout = settings.keepAliveMs;
// Node wants the time allowed for a request's headers to exceed the keep-alive time.
server.headersTimeout = settings.keepAliveMs + 1000;

// Websocket messages get the HTTP body limit (ws allows 100 MiB by default): a bigger one closes the socket with 1009.
const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxBodyBytes, handleProtocols: (protocols) => handleProtocols(protocols) });

// Websockets per remote address (socket-quota.ts).
const quota = new SocketsPerAddress(settings.maxSocketsPerAddress);

// Upgrades are for the GraphQL path only; any other gets 404 at once instead of a socket left hanging.
server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
  if ((req.url ?? '').split('?')[0] !== settings.path) {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    // One past the bound is closed here (1013), before the main thread hears of it or graphql-ws reads a message.
    const ip = addressOf(req);
    if (quota.admit(ws, ip)) opened(ws, ip);
    else ws.on('error', () => undefined);
  });
});

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

function opened(socket: WebSocket, ip: string | undefined): void {
  const sid = ++nextId;
  sockets.set(sid, socket);
  // The address only: the main thread reads nothing else of the upgrade request (ADR 0046).
  outbox.push({ k: 'open', sid, protocol: socket.protocol, ip });
  socket.on('message', (data) => outbox.push({ k: 'message', sid, text: String(data) }));
  // A socket error (an oversized or malformed frame, a reset) is the client's doing: ws has already closed the
  // socket with the right code. It is logged as one warning on the main thread's log, posted when this run ends rather
  // than the turn (rare, and the log line should not trail the close the client already sees).
  socket.on('error', (error: Error & { code?: string }) => {
    outbox.push({ k: 'warn', fields: { code: error.code }, message: `websocket closed on a client error: ${error.message}` });
    outbox.flushSoon();
  });
  const stop = keepAlive(socket);
  socket.once('close', (code, reason) => {
    stop();
    sockets.delete(sid);
    outbox.push({ k: 'closed', sid, code, reason: String(reason) });
  });
}

function deliver(message: ToEdge): void {
  if (message.k === 'send') {
    const socket = sockets.get(message.sid);
    if (socket && socket.readyState === socket.OPEN) socket.send(message.text);
  } else if (message.k === 'close') {
    sockets.get(message.sid)?.close(message.code, message.reason);
  } else {
    const res = pending.get(message.id);
    if (!res) return;
    pending.delete(message.id);
    for (const [key, value] of message.headers) res.setHeader(key, value);
    res.setHeader('content-length', Buffer.byteLength(message.body));
    res.statusCode = message.status;
    res.end(message.body);
  }
}

function shutdown(): void {
  for (const socket of sockets.values()) socket.close(1001, 'Going away');
  server.closeAllConnections();
  agent.destroy();
  const done: EdgeControl = { k: 'stopped' };
  // ws sends its close frames on the next turn; then the thread may end.
  setImmediate(() => port.postMessage(done));
}

port.on('message', (message: unknown[] | EdgeCommand) => {
  if (Array.isArray(message)) {
    for (const one of decodeToEdge(message)) deliver(one);
  } else if (message.k === 'stop-listening') {
    server.close();
  } else {
    outbox.flush();
    shutdown();
  }
});

server.once('error', (error: Error) => {
  const failed: EdgeControl = { k: 'failed', message: error.message };
  port.postMessage(failed);
});
server.listen({ port: settings.port, host: settings.host, backlog: settings.backlog }, () => {
  const address = server.address();
  const listening: EdgeControl = { k: 'listening', port: typeof address === 'object' && address ? address.port : settings.port };
  port.postMessage(listening);
});
