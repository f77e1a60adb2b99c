import { postGraphQL } from './support/graphql-client';
import { openSocket } from './support/graphql-client';
import { byHash } from './support/trusted-documents';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

/**
 * Cost-aware admission (issue #32.2, ADR 0065): a text the server has never seen costs it a parse and a validation
 * before anything else, so a burst of new heavy texts from an anonymous client must be refused or throttled before
 * that work, and must not hold up a signed-in player.
 */
type Started = Awaited<ReturnType<typeof startTestApi>>;

/** `query Q<k> { t0: tournament(id:"x<k>") { ...T } … t19 } fragment T on Tournament { every field }`: 1.4 KB, new each time. */
function heavyText(k: number): string {
  const fields = 'id name family format status capacity minTableSize maxTableSize swissRounds registrationClosesAt registrationOpensAt startsAt startedAt endedAt createdAt organiserId fairnessCommitment seed currentRound ranked revision autoPublish advancePerTable finalTableSize checkInMinutes entrants organiser winner';
  const aliases = Array.from({ length: 20 }, (_, i) => `t${i}: tournament(id: "x${k}-${i}") { ...T }`).join(' ');
  return `query Q${k} { ${aliases} } fragment T on Tournament { ${fields} }`;
}

const post = (url: string, body: string, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });

/** `served` when the text ran (its ids name no tournament: NOT_FOUND errors with 200), else the refusal's code. */
async function codeOf(response: Response): Promise<string> {
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return response.status === 200 ? 'served' : (body.errors?.[0]?.extensions?.code ?? String(response.status));
}

async function registerByHash(url: string, name: string): Promise<string> {
  const answer = (await (await post(url, byHash('Register', { input: { name, password: 'password-123' } }))).json()) as { data?: { register: { token: string } }; errors?: unknown };
  if (!answer.data) throw new Error(`register ${name}: ${JSON.stringify(answer.errors)}`);
  return answer.data.register.token;
}

/** `count` bodies sent at once (120 new heavy texts unless told), the player's small query sent meanwhile: its answer, the burst's codes. */
async function burstWithPlayer(server: Started, token: string, body = (k: number) => JSON.stringify({ query: heavyText(k) }), count = 120): Promise<{ player: unknown; codes: string[] }> {
  const url = server.api.graphqlUrl;
  const burst = Array.from({ length: count }, (_, k) => post(url, body(k)).then(codeOf));
  const player = await postGraphQL(url, '{ lobbyIdleTimes { maxSeconds } }', {}, token);
  return { player, codes: await Promise.all(burst) };
}

describe('admission in production: trusted documents for anonymous callers', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1200' })));
  afterAll(() => server.stop());

  it('given a signed-out caller, then the console’s operations by hash are served and any other text is refused before it is parsed', async () => {
    const token = await registerByHash(server.api.graphqlUrl, 'trusted-player');
    expect(token).toEqual(expect.any(String));
    const refused = await post(server.api.graphqlUrl, JSON.stringify({ query: '{ lobbyIdleTimes { maxSeconds } }' }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: [{ message: expect.stringContaining('sign in to send others'), extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED' } }] });
    // The console's own text, sent as text, is one of them too.
    const idle = await post(server.api.graphqlUrl, byHash('LobbyIdleTimes'));
    expect(await idle.json()).toEqual({ data: { lobbyIdleTimes: { defaultSeconds: 1800, maxSeconds: 86_400 } } });
  });

  it('given a signed-out websocket, then a console subscription by hash runs and another text is refused the same way', async () => {
    const socket = await openSocket(server.api.wsUrl, undefined);
    const answer = (payload: Record<string, unknown>) =>
      new Promise((resolve) => socket.subscribe(payload as never, { next: resolve, error: resolve, complete: () => resolve('complete') }));
    expect(await answer({ query: '{ __typename }' })).toEqual([expect.objectContaining({ extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED' } })]);
    const idle = await answer({ query: '', operationName: 'LobbyIdleTimes', extensions: JSON.parse(byHash('LobbyIdleTimes')).extensions });
    expect(idle).toEqual({ data: { lobbyIdleTimes: { defaultSeconds: 1800, maxSeconds: 86_400 } } });
    await socket.dispose();
  });

  it('given 120 new heavy texts from a signed-out client, when a signed-in player asks meanwhile, then the player is answered and every text refused unparsed', async () => {
    const token = await registerByHash(server.api.graphqlUrl, 'burst-player-1');
    const { player, codes } = await burstWithPlayer(server, token);
    expect(player).toMatchObject({ status: 200, data: { lobbyIdleTimes: { maxSeconds: 86_400 } } });
    // Refused before any parsing: not a trusted document, or past the client's requests in flight.
    expect(codes.every((code) => code === 'TRUSTED_DOCUMENT_REQUIRED' || code === 'CONCURRENCY_LIMITED')).toBe(true);
    expect(codes).toContain('TRUSTED_DOCUMENT_REQUIRED');
  });
});

describe('admission in development: the first sight of a text', () => {
  let server: Started;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestApi({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_FIRST_SIGHT_POINTS: '10' });
    // Signed up first: the burst spends this address's budget.
    for (const name of ['burst-player-2', 'new-texts', 'known-text']) tokens[name] = await registerByHash(server.api.graphqlUrl, name);
  });
  afterAll(() => server.stop());

  it('given 120 new heavy texts at once from one client, when a signed-in player asks meanwhile, then the player is answered and the burst is throttled: at most its budget’s worth parsed, the rest refused', async () => {
    const { player, codes } = await burstWithPlayer(server, tokens['burst-player-2'] as string);
    expect(player).toMatchObject({ status: 200, data: { lobbyIdleTimes: { maxSeconds: 86_400 } } });
    // Each first sight takes 10 of the address's 100 points, three of which the sign-ups took.
    expect(codes.filter((code) => code === 'served').length).toBeLessThanOrEqual(9);
    expect(codes.filter((code) => code !== 'served').every((code) => code === 'RATE_LIMITED' || code === 'CONCURRENCY_LIMITED')).toBe(true);
    expect(codes).toContain('RATE_LIMITED');
  });

  it('given a signed-in caller sending new texts one after another, then each first sight takes 10 points: the 11th is refused', async () => {
    const codes: string[] = [];
    for (let k = 0; k < 12; k++) codes.push(await codeOf(await post(server.api.graphqlUrl, JSON.stringify({ query: heavyText(1_000 + k) }), tokens['new-texts'])));
    expect(codes).toEqual([...Array(10).fill('served'), 'RATE_LIMITED', 'RATE_LIMITED']);
  });

  it('given a signed-in caller sending one text again and again, then after its first sight each takes 1 point', async () => {
    const codes: string[] = [];
    for (let k = 0; k < 60; k++) codes.push(await codeOf(await post(server.api.graphqlUrl, JSON.stringify({ query: heavyText(2_000) }), tokens['known-text'])));
    expect(codes).toEqual(Array(60).fill('served'));
  });
});

describe('admission: requests in flight per caller', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ RATE_LIMIT_PER_MINUTE: '0', MAX_IN_FLIGHT_PER_CALLER: '2' })));
  afterAll(() => server.stop());

  it('given 40 sign-ups at once from one client (each waits on its password hash), when a signed-in player asks meanwhile, then the player is answered and past 2 running and 2 waiting the client is refused CONCURRENCY_LIMITED', async () => {
    const token = await registerByHash(server.api.graphqlUrl, 'in-flight-player');
    const signUp = (k: number) => byHash('Register', { input: { name: `in-flight-${k}`, password: 'password-123' } });
    const { player, codes } = await burstWithPlayer(server, token, signUp, 40);
    expect(player).toMatchObject({ status: 200, data: { lobbyIdleTimes: { maxSeconds: 86_400 } } });
    expect(codes.every((code) => code === 'served' || code === 'CONCURRENCY_LIMITED')).toBe(true);
    expect(codes.filter((code) => code === 'served').length).toBeGreaterThanOrEqual(2);
    expect(codes).toContain('CONCURRENCY_LIMITED');
  });
});
