import WebSocket from 'ws';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

/**
 * Whose address a request is (ADR 0049): anonymous callers share a rate-limit bucket per address, and websockets are
 * bounded per address. X-Forwarded-For is believed only from a trusted proxy (TRUST_PROXY), on every path: POSTs,
 * GETs and websockets.
 */
const QUERY = '{ __typename }';
const LIMIT = 3;
/** A budget of LIMIT a minute, a text's first sight taking one like any other request. */
const SETTINGS = { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_FIRST_SIGHT_POINTS: '1' };

type Started = Awaited<ReturnType<typeof startTestApi>>;

/** A JSON POST. */
async function post(url: string, forwarded: string | Record<string, string>): Promise<string> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...claims(forwarded) }, body: JSON.stringify({ query: QUERY }) });
  return outcome(answer);
}

/** A query by GET. */
async function get(url: string, forwarded: string | Record<string, string>): Promise<string> {
  const answer = await fetch(`${url}?query=${encodeURIComponent(QUERY)}`, { headers: { 'apollo-require-preflight': 'true', ...claims(forwarded) } });
  return outcome(answer);
}

/** What a request says about its client: an X-Forwarded-For value, or the headers themselves (Forwarded, both). */
const claims = (forwarded: string | Record<string, string>): Record<string, string> => (typeof forwarded === 'string' ? { 'x-forwarded-for': forwarded } : forwarded);

async function outcome(answer: Response): Promise<string> {
  const body = (await answer.json()) as { errors?: { extensions?: { code?: string } }[] };
  return body.errors?.[0]?.extensions?.code ?? String(answer.status);
}

/** Whether a websocket sending this X-Forwarded-For stays open (or is closed at once by the per-address bound). */
function socketFrom(url: string, forwarded: string | Record<string, string>): Promise<{ ws: WebSocket; outcome: 'open' | number }> {
  const ws = new WebSocket(url, 'graphql-transport-ws', { headers: claims(forwarded) });
  return new Promise((resolve) => {
    ws.once('close', (code) => resolve({ ws, outcome: code }));
    ws.once('open', () => {
      // Initialised, as a client does: graphql-ws closes a socket that sends nothing within 3 s (4408).
      ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      setTimeout(() => resolve({ ws, outcome: ws.readyState === ws.OPEN ? 'open' : ws.readyState }), 1_500);
    });
  });
}

const spoofs = (count: number): string[] => Array.from({ length: count }, (_, i) => `198.51.100.${i + 1}`);

describe('client addresses without TRUST_PROXY (the default)', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ ...SETTINGS, MAX_SOCKETS_PER_ADDRESS: '1' })));
  afterAll(() => server.stop());

  it('given a client sending a different X-Forwarded-For each time, then it is still one address and is rate-limited', async () => {
    const codes: string[] = [];
    for (const forwarded of spoofs(LIMIT + 1)) codes.push(await post(server.api.graphqlUrl, forwarded));
    expect(codes).toEqual(['200', '200', '200', 'RATE_LIMITED']);
  });

  it('given a client sending a different X-Forwarded-For each time, then its socket’s address is used on every path', async () => {
    // The budget of 127.0.0.1 is already spent: whatever address each request claims, it is refused.
    expect(await post(server.api.graphqlUrl, '192.0.2.1')).toBe('RATE_LIMITED');
    expect(await get(server.api.graphqlUrl, '192.0.2.2')).toBe('RATE_LIMITED');
    const first = await socketFrom(server.api.wsUrl, '192.0.2.3');
    const second = await socketFrom(server.api.wsUrl, '192.0.2.4');
    expect([first.outcome, second.outcome]).toEqual(['open', 1013]);
    first.ws.close();
  });
});

describe('client addresses behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ ...SETTINGS, MAX_SOCKETS_PER_ADDRESS: '1', TRUST_PROXY: 'loopback' })));
  afterAll(() => server.stop());

  it('given POSTs from a trusted proxy, then each forwarded client has its own bucket, and one client is still limited', async () => {
    const clients: string[] = [];
    for (const forwarded of spoofs(LIMIT + 1)) clients.push(await post(server.api.graphqlUrl, forwarded));
    expect(clients).toEqual(['200', '200', '200', '200']);
    const one: string[] = [];
    for (let i = 0; i <= LIMIT; i++) one.push(await post(server.api.graphqlUrl, '203.0.113.9'));
    expect(one).toEqual(['200', '200', '200', 'RATE_LIMITED']);
  });

  it('given a client at its limit, when 2,000 requests from as many new forwarded addresses arrive, then that client is still refused (a flood resets nobody)', async () => {
    const busy = '203.0.113.77';
    for (let i = 0; i < LIMIT; i++) await post(server.api.graphqlUrl, busy);
    expect(await post(server.api.graphqlUrl, busy)).toBe('RATE_LIMITED');
    const flood = Array.from({ length: 2_000 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    for (let i = 0; i < flood.length; i += 50) await Promise.all(flood.slice(i, i + 50).map((address) => post(server.api.graphqlUrl, address)));
    expect(await post(server.api.graphqlUrl, busy)).toBe('RATE_LIMITED');
  });

  it('given GETs from a trusted proxy, then the forwarded client is the identity there too', async () => {
    const one: string[] = [];
    for (let i = 0; i <= LIMIT; i++) one.push(await get(server.api.graphqlUrl, '203.0.113.10'));
    expect(one).toEqual(['200', '200', '200', 'RATE_LIMITED']);
    // The same client by POST shares that budget: one address on both.
    expect(await post(server.api.graphqlUrl, '203.0.113.10')).toBe('RATE_LIMITED');
    expect(await get(server.api.graphqlUrl, '203.0.113.11')).toBe('200');
  });

  it('given websockets from a trusted proxy, then the per-address bound counts the forwarded clients', async () => {
    const first = await socketFrom(server.api.wsUrl, '203.0.113.20');
    const other = await socketFrom(server.api.wsUrl, '203.0.113.21');
    const again = await socketFrom(server.api.wsUrl, '203.0.113.20');
    expect([first.outcome, other.outcome, again.outcome]).toEqual(['open', 'open', 1013]);
    first.ws.close();
    other.ws.close();
  });

  it('given Forwarded (RFC 7239) from a trusted proxy, then its for= node is the client on POSTs, GETs and websockets', async () => {
    const clients: string[] = [];
    for (const [i, forwarded] of spoofs(LIMIT + 1).entries()) clients.push(await post(server.api.graphqlUrl, { forwarded: i % 2 ? `for=${forwarded};proto=https` : `for="${forwarded}:4711"` }));
    expect(clients).toEqual(['200', '200', '200', '200']);
    const one: string[] = [];
    for (let i = 0; i <= LIMIT; i++) one.push(await post(server.api.graphqlUrl, { forwarded: 'for="[2001:db8::30]:1234"' }));
    expect(one).toEqual(['200', '200', '200', 'RATE_LIMITED']);
    // The same client by GET, and with X-Forwarded-For naming it too: one budget.
    expect(await get(server.api.graphqlUrl, { forwarded: 'for="[2001:db8::30]"' })).toBe('RATE_LIMITED');
    expect(await get(server.api.graphqlUrl, { forwarded: 'for="[2001:db8::30]"', 'x-forwarded-for': '2001:db8::30' })).toBe('RATE_LIMITED');
    const first = await socketFrom(server.api.wsUrl, { forwarded: 'for=203.0.113.40' });
    const again = await socketFrom(server.api.wsUrl, { forwarded: 'for=203.0.113.40, for=127.0.0.1' });
    expect([first.outcome, again.outcome]).toEqual(['open', 1013]);
    first.ws.close();
  });

  it('given Forwarded and X-Forwarded-For naming different clients, then neither is believed: the proxy’s own address (spent first)', async () => {
    for (let i = 0; i < LIMIT; i++) await post(server.api.graphqlUrl, {});
    // One of them is the client's own (its proxy set the other): a fresh claim each time mints no bucket.
    for (const [i, forwarded] of spoofs(LIMIT + 1).entries()) {
      expect(await post(server.api.graphqlUrl, { forwarded: `for=${forwarded}`, 'x-forwarded-for': `192.0.2.${i + 1}` })).toBe('RATE_LIMITED');
    }
  });
});
