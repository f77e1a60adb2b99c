import { getIntrospectionQuery } from 'graphql';
import { eventually } from './support/eventually';
import { openSocket, postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let matchId: string;

// Development mode (introspection on) with the default limits, except a response cap small enough to reach.
beforeAll(async () => {
  server = await startTestApi({ MAX_RESPONSE_BYTES: '60000', LOG_LEVEL: 'error' });
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const host = await TestPlayer.register(url, 'limits-host');
  const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
  matchId = (created.data as { createMatch: TestView }).createMatch.id;
  // The replay read model follows the store a little later (the compiled HTTP route answers sooner than Apollo did).
  await eventually(() => postGraphQL(url.graphql, `{ matchReplay(id: "${matchId}", count: 1) { total } }`), (r) => !r.errors);
});
afterAll(() => server.stop());

const codeOf = async (query: string, variables: Record<string, unknown> = {}) => (await postGraphQL(url.graphql, query, variables)).errors?.[0]?.extensions?.['code'] ?? 'ok';
const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('operation limits (amplification)', () => {
  it('given list fields, then their cost is the page size asked for times what is selected under them (in variables too)', async () => {
    const replay = 'query($id: ID!, $count: Int!) { matchReplay(id: $id, count: $count) { steps { step type at state } } }';
    expect(await codeOf(replay, { id: matchId, count: 1000 })).toBe('ok');
    expect(await codeOf(aliases(3, `matchReplay(id: "${matchId}", count: 1000) { steps { step type at state } }`))).toBe('QUERY_TOO_COMPLEX');
    expect(await codeOf(aliases(50, `matchReplay(id: "${matchId}", count: 1000) { steps { state } }`))).toBe('TOO_MANY_ALIASES');
    expect(await codeOf(aliases(20, 'matches(first: 100) { nodes { id status family players freeSeats winner host kind ranked openedAt } endCursor hasNextPage }'))).toBe('QUERY_TOO_COMPLEX');
    expect(await codeOf(aliases(20, 'matches(first: 5) { nodes { id status family players freeSeats winner host kind ranked openedAt } }'))).toBe('ok');
  });

  it('given expensive fields, then they weigh their real cost: a few verifyMatch at most, not hundreds', async () => {
    expect(await codeOf(aliases(20, `verifyMatch(id: "${matchId}") { verified }`))).toBe('QUERY_TOO_COMPLEX');
    expect(await codeOf(aliases(2, `verifyMatch(id: "${matchId}") { verified }`))).toBe('NOT_FINISHED');
  });

  it('given several mutations in one request, then it is refused and nothing is done', async () => {
    const register = (i: number) => `r${i}: register(input: { name: "alias-${i}", password: "password-123" }) { token }`;
    const response = await postGraphQL(url.graphql, `mutation { ${Array.from({ length: 10 }, (_, i) => register(i)).join(' ')} }`);
    expect(response.errors?.[0]?.extensions?.['code']).toBe('TOO_MANY_MUTATIONS');
    const signIn = await postGraphQL(url.graphql, 'mutation { signIn(input: { name: "alias-0", password: "password-123" }) { token } }');
    expect(signIn.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });

  it('given introspection nested 200 deep, then the depth limit refuses it; GraphiQL\'s own introspection still works', async () => {
    let deep = 'name';
    for (let i = 0; i < 200; i++) deep = `ofType { ${deep} }`;
    expect(await codeOf(`{ __schema { types { fields { type { ${deep} } } } } }`)).toBe('QUERY_TOO_DEEP');
    expect(await codeOf(`{ __type(name: "Query") { fields { type { ${deep} } } } }`)).toBe('QUERY_TOO_DEEP');
    // (It passes every limit but the response cap this server sets low; see the next test.)
    expect(await codeOf(getIntrospectionQuery())).toBe('RESPONSE_TOO_LARGE');
  });

  it('given an answer over the response cap, then RESPONSE_TOO_LARGE replaces it, over HTTP and websockets', async () => {
    const big = getIntrospectionQuery();
    expect(await codeOf(big)).toBe('RESPONSE_TOO_LARGE');
    const socket = await openSocket(url.ws, undefined);
    const code = await new Promise((resolve) => socket.subscribe({ query: big }, { next: (r) => resolve(r.errors?.[0]?.extensions?.['code'] ?? 'ok'), error: resolve, complete: () => undefined }));
    expect(code).toBe('RESPONSE_TOO_LARGE');
    await socket.dispose();
  });

  it('given a huge document, then the token limit refuses it before validation', async () => {
    expect(await codeOf(`{ ${Array.from({ length: 1500 }, () => 'me { name }').join(' ')} }`)).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('given a page size out of range, then the error names the argument the client sent', async () => {
    const response = await postGraphQL(url.graphql, `{ matchReplay(id: "${matchId}", count: 0) { total } }`);
    expect(response.errors?.[0]).toMatchObject({ message: 'count: 1 to 1000', extensions: { code: 'BAD_USER_INPUT', field: 'count' } });
  });

  it('given a path under /graphql, then it is 404, not GraphQL', async () => {
    const response = await fetch(`${url.graphql}/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ME }) });
    expect(response.status).toBe(404);
  });

  it('given an id argument too long or with a NUL, then BAD_USER_INPUT names it, over HTTP and websockets', async () => {
    for (const id of ['x'.repeat(10_000), 'bad\u0000id', '']) {
      const response = await postGraphQL(url.graphql, 'query($id: ID!) { match(id: $id) { id } }', { id });
      expect(response.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    }
    const host = await TestPlayer.signIn(url, 'limits-host');
    const bid = await host.send('mutation($input: PlaceBidInput!) { placeBid(input: $input) { id } }', { input: { matchId: 'y'.repeat(600), commandId: 'c1', quantity: 1, face: 2 } }, true);
    expect(bid.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.matchId' });
    await host.close();
  });

  it('given a refused mutation, then its error has the same shape over HTTP and websockets (message, code, field)', async () => {
    const host = await TestPlayer.signIn(url, 'limits-host');
    const send = (viaSocket: boolean) => host.send('mutation($input: PlaceBidInput!) { placeBid(input: $input) { id } }', { input: { matchId, commandId: commandId(), quantity: 1, face: 2 } }, viaSocket);
    const [overHttp, overSocket] = [await send(false), await send(true)];
    expect(overHttp.errors?.[0]?.extensions).toEqual({ code: 'NOT_STARTED' });
    expect(overHttp.errors?.[0]?.message).toBe('the match has not started yet');
    const shape = (r: typeof overHttp) => r.errors?.map((e) => ({ message: e.message, extensions: e.extensions }));
    expect(shape(overSocket)).toEqual(shape(overHttp));
    await host.close();
  });
});
