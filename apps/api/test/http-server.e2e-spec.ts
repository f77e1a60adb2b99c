import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

const MAX_BODY = 4096;
type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let port: number;

beforeAll(async () => {
  server = await startTestApi({
    MAX_BODY_BYTES: String(MAX_BODY),
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    HTTP_REQUEST_TIMEOUT_MS: '2000',
  });
  port = Number(new URL(server.api.url).port);
});
afterAll(() => server.stop());

/** Sends a POST's head declaring `declared` body bytes, then `sent` of them; what came back and when the socket closed. */
function declaredPost(
  path: string,
  declared: number,
  sent: number,
  head = '',
): Promise<{ answer: string; closedAfterMs: number; reset: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const client = connect(port, '127.0.0.1', () => {
      client.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n${head}\r\n`,
      );
      client.write('x'.repeat(sent));
    });
    let answer = '';
    let reset = false;
    client.on('data', (chunk) => (answer += String(chunk)));
    client.on('error', () => (reset = true));
    client.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started, reset }));
    setTimeout(() => client.destroy(), 5_000).unref();
  });
}

describe('one HTTP server: half-sent requests', () => {
  it('given a request whose headers never end, then the server answers 408 and closes it once HTTP_HEADERS_TIMEOUT_MS has passed', async () => {
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      let got = '';
      const client = connect(port, '127.0.0.1', () =>
        client.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n'),
      );
      client.on('data', (chunk) => (got += String(chunk)));
      client.on('error', () => undefined);
      client.on('close', () => resolve({ answer: got }));
      setTimeout(() => client.destroy(), 10_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('one HTTP server: bodies', () => {
  it.each([
    ['/graphql', 10_000_000, 10],
    ['/graphql', MAX_BODY + 1, 1],
    ['/health', 10_000_000, 3 * MAX_BODY],
  ])(
    'given a POST to %s declaring %i body bytes (over the limit) and sending %i, then it is refused with 413 at once, the connection closed cleanly, a warning logged',
    async (path, declared, sent) => {
      const warned = jest.spyOn(server.api.logger, 'warn');
      try {
        const { answer, closedAfterMs, reset } = await declaredPost(path, declared, sent);
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.toLowerCase()).toContain('connection: close');
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
          errors: { message: string; extensions: { code: string } }[];
        };
        expect(body.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
        expect(body.errors[0]?.message).toContain(
          `content-length ${declared} is over the limit of ${MAX_BODY} bytes`,
        );
        expect(closedAfterMs).toBeLessThan(4_000);
        expect(reset).toBe(false);
        expect(warned).toHaveBeenCalledWith(
          expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', declared }),
          'request refused: its declared body is over MAX_BODY_BYTES',
        );
      } finally {
        warned.mockRestore();
      }
    },
  );

  it('given a POST declaring a body over the limit that asks first (Expect: 100-continue), then it gets 413 and no invitation to send it', async () => {
    const { answer } = await declaredPost('/graphql', 10_000_000, 0, 'Expect: 100-continue\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('100 Continue');
  });

  it('given a POST within the limit that asks first (Expect: 100-continue), then it is invited to send its body and answered', async () => {
    const body = '{"query":"{ __typename }"}';
    const answer = await new Promise<string>((resolve) => {
      let got = '';
      let sent = false;
      const client = connect(port, '127.0.0.1', () => {
        client.write(
          `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
        );
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
    expect(answer).toContain('{"data":{"__typename":"Query"}}');
  });

  it('given a chunked POST (no declared length), then it is counted as it arrives: answered within the limit, 413 past it', async () => {
    const chunked = (text: string) =>
      fetch(server.api.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([text]).stream(),
        duplex: 'half',
      } as RequestInit);
    const within = await chunked('{"query":"{ __typename }"}');
    expect(await within.json()).toEqual({ data: { __typename: 'Query' } });
    const over = await chunked(JSON.stringify({ query: `{ __typename } # ${'x'.repeat(MAX_BODY)}` }));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  });

  const encoded = (encoding: string, body: Uint8Array | string) =>
    fetch(server.api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body,
    });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)(
    'given a %s-compressed body, then it is inflated and the answer is the plain one',
    async (encoding, compress) => {
      const response = await encoded(encoding, compress(JSON.stringify({ query: '{ __typename }' })));
      expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
    },
  );

  /** An answer as its status and body; a body refused before GraphQL has GraphQL's error shape. */
  const answerOf = async (response: Response) => [response.status, await response.json()];
  const bodyRefusal = (status: number, message: string, code: string) => [
    status,
    { errors: [{ message, extensions: { code } }] },
  ];

  it('given a compressed body that inflates past the limit, then it is refused with 413 like a large body', async () => {
    const bomb = gzipSync(JSON.stringify({ query: `{ __typename } # ${'x'.repeat(20 * MAX_BODY)}` }));
    expect(bomb.length).toBeLessThan(MAX_BODY);
    expect(await answerOf(await encoded('gzip', bomb))).toEqual(
      bodyRefusal(413, 'Request body is too large', 'PAYLOAD_TOO_LARGE'),
    );
  });

  it('given a body that does not inflate, or an encoding the server does not know, then 400 or 415 says which', async () => {
    expect(await answerOf(await encoded('gzip', 'not gzip at all'))).toEqual(
      bodyRefusal(400, 'the body is not valid gzip: incorrect header check', 'BAD_REQUEST'),
    );
    expect(await answerOf(await encoded('zstd', '{}'))).toEqual(
      bodyRefusal(415, 'unsupported content-encoding "zstd": send gzip, deflate, br or none', 'BAD_REQUEST'),
    );
  });

  it('given a body that is not JSON, then it is refused with 400 BAD_REQUEST and the server keeps serving', async () => {
    const refused = await fetch(server.api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    const next = await fetch(server.api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    expect(await next.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('given a POST without a JSON content type, then Apollo refuses it as a possible CSRF', async () => {
    const response = await fetch(server.api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"query":"{ __typename }"}',
    });
    expect(response.status).toBe(400);
  });
});

describe('one HTTP server: websockets at /graphql', () => {
  function socket(): Promise<{ ws: WebSocket; frames: unknown[] }> {
    const ws = new WebSocket(server.api.wsUrl, 'graphql-transport-ws');
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
        resolve({ ws, frames });
      });
    });
  }
  const until = async (check: () => boolean): Promise<void> => {
    for (let waited = 0; !check(); waited += 10) {
      if (waited > 10_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('given a websocket operation, then its result and its completion arrive in order', async () => {
    const { ws, frames } = await socket();
    await until(() => frames.length === 1);
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } }));
    await until(() => frames.length === 3);
    expect(frames).toEqual([
      { type: 'connection_ack' },
      { id: '1', type: 'next', payload: { data: { __typename: 'Query' } } },
      { id: '1', type: 'complete' },
    ]);
    ws.close();
  });

  it('given a socket that sends no connection_init, then graphql-ws closes it with 4408', async () => {
    const ws = new WebSocket(server.api.wsUrl, 'graphql-transport-ws');
    expect(await new Promise<number>((resolve) => ws.once('close', resolve))).toBe(4408);
  });

  it('given a socket asking for another protocol, then the upgrade offers none and graphql-ws closes it (4406)', async () => {
    const ws = new WebSocket(server.api.wsUrl, 'graphql-ws');
    const closed = await new Promise<number | string>((resolve) => {
      ws.once('close', resolve);
      ws.once('error', (error) => resolve(error.message));
    });
    expect(String(closed)).toMatch(/4406|Server sent no subprotocol/);
  });
});

describe('one HTTP server: /metrics with METRICS_TOKEN', () => {
  const TOKEN = 'metrics-e2e-token-0123456789';
  let guarded: Started;
  beforeAll(async () => (guarded = await startTestApi({ METRICS_TOKEN: TOKEN })));
  afterAll(() => guarded.stop());

  it('given a scraper without the token, then 401 with WWW-Authenticate; with it, the Prometheus text', async () => {
    const refused = await fetch(`${guarded.api.url}/metrics`);
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    const read = await fetch(`${guarded.api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('liars_dice_command_seconds');
  });
});
