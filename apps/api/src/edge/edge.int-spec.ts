import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildSchema } from 'graphql';
import pino from 'pino';
import WebSocket from 'ws';
import { EdgeBridge, type EdgeRoutes } from './edge-bridge';
import { isForwardingHeader } from './edge-key';

jest.setTimeout(60_000);

const schema = buildSchema('type Query { hello: String }');
const warnings: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
const MAX_BODY = 4096;
/** A short connection_init wait (graphql-ws's default is 3 s), so that a silent socket's close is quick to see. */
const INIT_WAIT_MS = 600;

let internal: Server;
let edge: EdgeBridge;
let base: string;

/** The main thread's side, faked: POSTs are echoed, websockets speak graphql-ws with a fixed root. */
const routes: EdgeRoutes = {
  http: async (req, body) => ({ status: 200, headers: [['content-type', 'application/json']], body: JSON.stringify({ ip: req.ip, auth: req.headers['authorization'], body, forwarding: Object.keys(req.headers).filter(isForwardingHeader) }) }),
  sockets: {
    roots: { query: { hello: 'world' } },
    connectionInitWaitTimeout: INIT_WAIT_MS,
    // A connection asking for it is closed from the main thread, as a token's expiry closes it (4401).
    onConnect: (ctx) => {
      if ((ctx.connectionParams as { expire?: boolean } | undefined)?.expire) (ctx.extra as { socket: { close(c: number, r: string): void } }).socket.close(4401, 'expired');
      return true;
    },
  } as EdgeRoutes['sockets'],
  schema,
  logger,
};

beforeAll(async () => {
  // Express's stand-in: says what it was asked and from where the edge thread says the caller is.
  internal = createServer((req, res) => {
    const others = Object.keys(req.headers).filter((name) => name === 'forwarded' || name === 'x-real-ip' || (name.startsWith('x-forwarded-') && name !== 'x-forwarded-for'));
    res.end(JSON.stringify({ url: req.url, forwarded: req.headers['x-forwarded-for'], key: req.headers['x-liars-dice-edge-key'], connection: req.headers['connection'] ?? null, others }));
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const internalPort = (internal.address() as AddressInfo).port;
  edge = await EdgeBridge.start({ host: '127.0.0.1', port: 0, backlog: 511, internalPort, path: '/graphql', maxBodyBytes: MAX_BODY, keepAliveMs: 5_000, maxSocketsPerAddress: 0, trustProxy: null, edgeKey: 'k' }, routes);
  base = `127.0.0.1:${edge.port}`;
});

afterAll(async () => {
  await edge.close();
  internal.close();
});

function socket(params: Record<string, unknown> = {}): Promise<{ ws: WebSocket; frames: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://${base}/graphql`, 'graphql-transport-ws');
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(String(data)));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'connection_init', payload: params }));
      resolve({ ws, frames, closed });
    });
  });
}

const until = async (check: () => boolean): Promise<void> => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the edge thread', () => {
  it('given a plain JSON POST to /graphql, then the main thread answers it with the caller’s address and headers', async () => {
    const answer = await fetch(`http://${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: '{"query":"{ hello }"}' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ip: '127.0.0.1', auth: 'Bearer t', body: '{"query":"{ hello }"}', forwarding: [] });
  });

  it('given a plain JSON POST with forwarding headers, then the main thread gets the believed address and none of them', async () => {
    const spoofed = { forwarded: 'for=6.6.6.6', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-real-ip': '6.6.6.6' };
    const answer = await fetch(`http://${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...spoofed }, body: '{"query":"{ hello }"}' });
    expect(await answer.json()).toMatchObject({ ip: '127.0.0.1', forwarding: [] });
  });

  it('given any other request, then it is proxied with X-Forwarded-For replaced by the socket’s address, vouched for by the key, and no hop-by-hop headers', async () => {
    const answer = await fetch(`http://${base}/health?x=1`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(await answer.json()).toEqual({ url: '/health?x=1', forwarded: '127.0.0.1', key: 'k', connection: 'keep-alive', others: [] });
    // Node's agent sets its own Connection header towards the main thread; the client's never passes through.
  });

  it('given a client’s Forwarded, X-Forwarded-Proto, -Host, -Port or X-Real-IP, then none reaches the main thread: only the address the edge vouches for', async () => {
    const spoofed = { forwarded: 'for=6.6.6.6;proto=https;host=evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '443', 'x-real-ip': '6.6.6.6' };
    const answer = await fetch(`http://${base}/health`, { headers: spoofed });
    expect(await answer.json()).toMatchObject({ forwarded: '127.0.0.1', key: 'k', others: [] });
  });

  /** Sends a POST's head declaring `declared` body bytes, then `sent` of them; what came back and when the socket closed. */
  function declaredPost(path: string, declared: number, sent: number, head = ''): Promise<{ answer: string; closedAfterMs: number; reset: boolean }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const client = connect(edge.port, '127.0.0.1', () => {
        client.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n${head}\r\n`);
        client.write('x'.repeat(sent));
      });
      let answer = '';
      let reset = false;
      client.on('data', (chunk) => (answer += String(chunk)));
      client.on('error', () => (reset = true));
      client.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started, reset }));
      // The old edge never answered such a request: the test ends it instead of waiting for Jest's timeout.
      setTimeout(() => client.destroy(), 5_000).unref();
    });
  }

  it.each([
    ['/graphql', 10_000_000, 10],
    ['/graphql', MAX_BODY + 1, 1],
    ['/health', 10_000_000, 3 * MAX_BODY],
  ])('given a POST to %s declaring %i body bytes (over the limit) and sending %i, then it is refused with 413 at once and the connection closed cleanly', async (path, declared, sent) => {
    const { answer, closedAfterMs, reset } = await declaredPost(path, declared, sent);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.errors[0]?.message).toContain(`content-length ${declared} is over the limit of ${MAX_BODY} bytes`);
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(reset).toBe(false);
    await until(() => warnings.some((line) => line.includes('declared body is over MAX_BODY_BYTES')));
  });

  it('given a POST declaring a body over the limit that asks first (Expect: 100-continue), then it gets 413 and no invitation to send it', async () => {
    const { answer } = await declaredPost('/graphql', 10_000_000, 0, 'Expect: 100-continue\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('100 Continue');
  });

  it('given a POST within the limit that asks first (Expect: 100-continue), then it is invited to send its body and answered', async () => {
    const body = '{"query":"{ hello }"}';
    const answer = await new Promise<string>((resolve) => {
      let got = '';
      let sent = false;
      const client = connect(edge.port, '127.0.0.1', () => {
        client.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
      });
      client.on('data', (chunk) => {
        got += String(chunk);
        if (!sent && got.includes('100 Continue')) {
          sent = true;
          client.write(body);
        }
      });
      client.on('close', () => resolve(got));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue/);
    expect(answer).toContain('HTTP/1.1 200 OK');
  });

  it('given a chunked POST (no declared length), then it is not refused up front: it is passed on to be counted as it arrives', async () => {
    const answer = await fetch(`http://${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Blob(['{"query":"{ hello }"}']).stream(), duplex: 'half' } as RequestInit);
    expect(answer.status).toBe(200);
  });

  it('given an upgrade to another path, then it is refused with 404', async () => {
    const ws = new WebSocket(`ws://${base}/other`, 'graphql-transport-ws');
    const status = await new Promise<number | undefined>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode)).on('error', () => resolve(undefined)));
    expect(status).toBe(404);
  });

  it('given a websocket operation, then its result and its completion arrive in order', async () => {
    const { ws, frames } = await socket();
    await until(() => frames.length === 1);
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ hello }' } }));
    await until(() => frames.length === 3);
    expect(frames.map((frame) => JSON.parse(frame))).toEqual([
      { type: 'connection_ack' },
      { id: '1', type: 'next', payload: { data: { hello: 'world' } } },
      { id: '1', type: 'complete' },
    ]);
    ws.close();
  });

  it('given the main thread closes a socket (a token expiring), then the client sees its code', async () => {
    const { closed } = await socket({ expire: true });
    expect(await closed).toBe(4401);
  });

  it('given a websocket message over the body limit, then the socket closes with 1009 and one warning is logged', async () => {
    const { ws, closed } = await socket();
    ws.send('x'.repeat(MAX_BODY + 1));
    expect(await closed).toBe(1009);
    await until(() => warnings.some((line) => line.includes('websocket closed on a client error')));
  });

  it('given a socket that sends no connection_init, then it is closed with 4408 once its wait is over, not before', async () => {
    const ws = new WebSocket(`ws://${base}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve) => ws.once('open', resolve));
    const opened = performance.now();
    const code = await new Promise<number>((resolve) => ws.once('close', resolve));
    expect(code).toBe(4408);
    expect(performance.now() - opened).toBeGreaterThanOrEqual(INIT_WAIT_MS - 50);
  });

  it('given many sockets, initialised or still silent, then this thread holds no timer per socket; the silent ones close, the others stay', async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const ready = await Promise.all(Array.from({ length: 10 }, () => socket()));
    const silent = Array.from({ length: 10 }, () => new WebSocket(`ws://${base}/graphql`, 'graphql-transport-ws'));
    const silentClosed = silent.map((ws) => new Promise<number>((resolve) => ws.once('close', resolve)));
    await until(() => ready.every(({ frames }) => frames.length === 1) && silent.every((ws) => ws.readyState === ws.OPEN));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // graphql-ws's own wait was a timer per socket, kept for the socket's life: 20 here.
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length).toBeLessThanOrEqual(before + 2);
    expect(await Promise.all(silentClosed)).toEqual(Array(10).fill(4408));
    await new Promise((resolve) => setTimeout(resolve, INIT_WAIT_MS));
    expect(ready.map(({ ws }) => ws.readyState)).toEqual(Array(10).fill(WebSocket.OPEN));
    for (const { ws } of ready) ws.close();
  });
});
