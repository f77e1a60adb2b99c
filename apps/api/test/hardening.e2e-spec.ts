import WebSocket from 'ws';
import { openSocket, postGraphQL } from './support/graphql-client';
import { TestPlayer } from './support/player';
import { ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;

/** Production limits; anonymous callers may send any text here (trusted documents: admission.e2e-spec.ts). */
const PRODUCTION = { NODE_ENV: 'production', ANONYMOUS_OPERATIONS: 'any', RATE_LIMIT_FIRST_SIGHT_POINTS: '1', MAX_QUERY_DEPTH: '3', MAX_QUERY_COMPLEXITY: '12', MAX_BODY_BYTES: '4096' };

beforeAll(async () => {
  server = await startTestApi({ ...PRODUCTION, RATE_LIMIT_PER_MINUTE: '100' });
});
afterAll(() => server.stop());

describe('production hardening', () => {
  it('given production mode, when introspection or the sandbox is asked for, then neither is served', async () => {
    const introspection = await postGraphQL(server.api.graphqlUrl, '{ __schema { types { name } } }');
    expect(introspection.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(introspection.status).toBe(400);
    // Over a websocket too: both transports share the request rules, which refuse it in production (ADR 0064).
    const socket = await openSocket(server.api.wsUrl, undefined);
    const overSocket = await new Promise<unknown>((resolve) => socket.subscribe({ query: '{ __type(name: "Query") { name } }' }, { next: resolve, error: resolve, complete: () => undefined }));
    await socket.dispose();
    expect(JSON.stringify(overSocket)).toContain('GRAPHQL_VALIDATION_FAILED');
    // A browser gets a short page of the API's own, loading nothing (no script, nothing from a CDN), naming where GraphiQL is.
    const landing = await fetch(server.api.graphqlUrl, { headers: { accept: 'text/html' } });
    const page = await landing.text();
    expect([landing.status, landing.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(page).toContain('GraphiQL in the console');
  });

  it('given a query too deep or too wide, then it is refused before it runs', async () => {
    const deep = await postGraphQL(server.api.graphqlUrl, '{ match(id: "x") { history { end { bid { by } } } } }');
    expect(deep.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_DEEP');
    const wide = await postGraphQL(server.api.graphqlUrl, `{ ${Array.from({ length: 13 }, (_, i) => `m${i}: me { name }`).join(' ')} }`);
    expect(wide.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_COMPLEX');
  });

  it('given a request body over the limit, then it is refused with 413', async () => {
    const response = await fetch(server.api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { name } } # ${'x'.repeat(5000)}` }),
    });
    expect(response.status).toBe(413);
  });

  it('given one token sending faster than its rate, then the excess is refused and other tokens are not', async () => {
    const limited = await startTestApi({ ...PRODUCTION, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const url = { graphql: limited.api.graphqlUrl, ws: limited.api.wsUrl };
      const fast = await TestPlayer.register(url, 'fast');
      const other = await TestPlayer.register(url, 'other');
      const codes: unknown[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await postGraphQL(url.graphql, ME, {}, fast.token);
        codes.push(answer.errors?.[0]?.extensions?.['code'] ?? 'ok');
        statuses.push(answer.status);
      }
      expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect((await postGraphQL<{ me: { name: string } }>(url.graphql, ME, {}, other.token)).data?.me.name).toBe('other');
    } finally {
      await limited.stop();
    }
  });

  it('given the admin setup token, when an account claims it, then it is an admin and only it grants roles', async () => {
    const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
    const boss = await TestPlayer.registerAdmin(url, 'boss');
    const mod = await TestPlayer.register(url, 'mod');
    const grant = 'mutation($name: String!, $role: Role!) { grantRole(name: $name, role: $role) { name role } }';
    expect((await postGraphQL<{ me: { role: string } }>(url.graphql, ME, {}, boss.token)).data?.me.role).toBe('ADMIN');
    const refused = await postGraphQL(url.graphql, grant, { name: 'boss', role: 'PLAYER' }, mod.token);
    expect(refused.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    const granted = await postGraphQL<{ grantRole: { role: string } }>(url.graphql, grant, { name: 'mod', role: 'MODERATOR' }, boss.token);
    expect(granted.data?.grantRole.role).toBe('MODERATOR');
    // The role is read from the account: the token mod already holds acts as a moderator now, and stops once revoked.
    expect((await postGraphQL<{ me: { role: string } }>(url.graphql, ME, {}, mod.token)).data?.me.role).toBe('MODERATOR');
    await postGraphQL(url.graphql, grant, { name: 'mod', role: 'PLAYER' }, boss.token);
    expect((await postGraphQL<{ me: { role: string } }>(url.graphql, ME, {}, mod.token)).data?.me.role).toBe('PLAYER');
    await postGraphQL(url.graphql, grant, { name: 'mod', role: 'MODERATOR' }, boss.token);
    const signedIn = await postGraphQL<{ signIn: { account: { role: string } } }>(url.graphql, 'mutation { signIn(input: { name: "mod", password: "password-123" }) { account { role } } }');
    expect(signedIn.errors ?? null).toBeNull();
    expect(signedIn.data?.signIn.account.role).toBe('MODERATOR');
  });

  it('given the service is up, then /health answers ok and /metrics exposes command counters', async () => {
    const health = await fetch(`${server.api.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: 'sqlite' });
    const metrics = await (await fetch(`${server.api.url}/metrics`)).text();
    expect(metrics).toContain('liars_dice_command_seconds');
    expect(metrics).toContain('process_cpu_seconds_total');
  });
});

// A server of their own: a budget of 5 a minute per caller.
describe('production hardening over websockets', () => {
  let sockets: Started;
  beforeAll(async () => {
    sockets = await startTestApi({ ...PRODUCTION, RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => sockets.stop());

  it('given a websocket, when it sends an operation too deep or too wide, then it is refused as over HTTP', async () => {
    const player = await TestPlayer.register({ graphql: sockets.api.graphqlUrl, ws: sockets.api.wsUrl }, 'socket-deep');
    const socket = await openSocket(sockets.api.wsUrl, player.token);
    const codeOf = (query: string) =>
      new Promise<unknown>((resolve) => {
        socket.subscribe({ query }, { next: (r) => resolve(r.errors?.[0]?.extensions?.['code'] ?? 'ok'), error: (e) => resolve((e as { extensions?: { code?: string } }[])[0]?.extensions?.code), complete: () => undefined });
      });
    expect(await codeOf('subscription { matchUpdated(id: "x") { history { end { bid { by } } } } }')).toBe('QUERY_TOO_DEEP');
    expect(await codeOf(`query { ${Array.from({ length: 13 }, (_, i) => `m${i}: me { name }`).join(' ')} }`)).toBe('QUERY_TOO_COMPLEX');
    await socket.dispose();
  });

  it('given a websocket, when its token sends faster than its rate, then the excess is refused', async () => {
    const player = await TestPlayer.register({ graphql: sockets.api.graphqlUrl, ws: sockets.api.wsUrl }, 'socket-fast');
    const socket = await openSocket(sockets.api.wsUrl, player.token);
    const codes: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        await new Promise((resolve) => {
          socket.subscribe({ query: ME }, { next: (r) => resolve(r.errors?.[0]?.extensions?.['code'] ?? 'ok'), error: (e) => resolve((e as { extensions?: { code?: string } }[])[0]?.extensions?.code), complete: () => undefined });
        }),
      );
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    await socket.dispose();
  });

  it('given a websocket upgrade to any path but /graphql, then it is refused at once (not upgraded, not left hanging)', async () => {
    const base = sockets.api.wsUrl.replace(/\/graphql$/, '');
    for (const path of ['/graphql/x', '/graphqlx', '/', '/health']) {
      const raw = new WebSocket(`${base}${path}`, 'graphql-transport-ws');
      const status = await new Promise<number | string>((resolve) => {
        raw.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        raw.once('open', () => resolve('upgraded'));
        raw.once('error', (e) => resolve(e.message));
      });
      raw.terminate();
      expect({ path, status }).toEqual({ path, status: 404 });
    }
  });

  it('given a websocket message over the body limit, then the socket is closed with 1009 (message too big) and the JSON log says why, once, as a warning', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warned = jest.spyOn(sockets.api.logger, 'warn');
    try {
      const raw = new WebSocket(sockets.api.wsUrl, 'graphql-transport-ws');
      await new Promise((resolve) => raw.once('open', resolve));
      const closed = new Promise<number>((resolve) => raw.once('close', (code) => resolve(code)));
      raw.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(5000) } }));
      expect(await closed).toBe(1009);
      expect(printed).not.toHaveBeenCalled();
      expect(warned).toHaveBeenCalledWith({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }, expect.stringContaining('Max payload size exceeded'));
    } finally {
      printed.mockRestore();
      warned.mockRestore();
    }
  });
});
