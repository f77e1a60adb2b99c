import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ApolloServer } from '@apollo/server';
import type { ApolloDriver } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import { commandId, TestPlayer } from './support/player';
import { CREATE, ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;

beforeAll(async () => {
  server = await startTestApi();
});
afterAll(() => server.stop());

interface Raw {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: string;
  readonly authenticate?: string | undefined;
}

/** A POST written in chunks without a content-length: the direct route leaves it to Express (and Apollo). */
function postChunked(url: string, body: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: text, authenticate: res.headers['www-authenticate'] }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    req.end(body.slice(10));
  });
}

async function postWithLength(url: string, body: string, headers: Record<string, string> = {}): Promise<Raw> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, type: response.headers.get('content-type') ?? undefined, body: await response.text(), authenticate: response.headers.get('www-authenticate') ?? undefined };
}

describe('GraphQL POSTs served in front of Express', () => {
  it('given the same operation with and without a content-length, then both routes answer the same', async () => {
    const body = JSON.stringify({ query: 'query Who($id: ID!) { match(id: $id) { id } }', variables: { id: 'nope' } });
    const direct = await postWithLength(server.api.graphqlUrl, body);
    const viaExpress = await postChunked(server.api.graphqlUrl, body);
    expect(direct).toEqual(viaExpress);
    expect(JSON.parse(direct.body).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('given a gzip-compressed body, then Express inflates it and the answer is the plain one', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const response = await fetch(server.api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(body) });
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('given a body that is not JSON, then it is refused with 400 and the server keeps serving', async () => {
    const refused = await postWithLength(server.api.graphqlUrl, '{"query": ');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors[0].extensions.code).toBe('BAD_REQUEST');
    const next = await postWithLength(server.api.graphqlUrl, JSON.stringify({ query: '{ __typename }' }));
    expect(JSON.parse(next.body)).toEqual({ data: { __typename: 'Query' } });
  });

  it('given a POST without a JSON content type, then Apollo still refuses it as a possible CSRF', async () => {
    const response = await fetch(server.api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{ __typename }"}' });
    expect(response.status).toBe(400);
  });
});

const WHO = 'query Who($id: ID!) { match(id: $id) { id } }';
const BID = 'mutation Bid($input: PlaceBidInput!) { placeBid(input: $input) { id revision } }';

/**
 * The compiled route (ADR 0021) answers plain operations without Apollo; Apollo still answers them when they
 * come through Express (a chunked body). Every answer must be the same: status, content type, bytes.
 */
describe('the compiled HTTP route answers exactly as Apollo does', () => {
  const cases: Array<[string, Record<string, unknown> | unknown[], Record<string, string>?]> = [
    ['a syntax error', { query: '{ me { ' }],
    ['an unknown field', { query: '{ nope }' }],
    ['two validation errors', { query: '{ nope other }' }],
    ['a missing variable', { query: WHO, variables: {} }],
    ['a variable of the wrong type', { query: WHO, variables: { id: { a: 1 } } }],
    ['an input object variable missing a required field', { query: BID, variables: { input: { matchId: 'nope' } } }],
    ['a resolver refusal', { query: WHO, variables: { id: 'nope' } }],
    ['a mutation refused for an anonymous caller', { query: BID, variables: { input: { matchId: 'nope', commandId: 'c-1', quantity: 1, face: 2 } } }],
    ['an operation picked by name', { query: `${WHO} query Other { __typename }`, operationName: 'Other' }],
    ['an unknown operation name (Apollo answers)', { query: WHO, operationName: 'Nope', variables: { id: 'x' } }],
    ['two operations and no name (Apollo answers)', { query: `${WHO} query Other { __typename }` }],
    ['a subscription over HTTP (Apollo answers)', { query: 'subscription { matchUpdated(id: "nope") { id } }' }],
    ['extensions that are not a persisted query', { query: '{ __typename }', extensions: { tracing: true } }],
    ['a persisted query without its text (Apollo answers)', { extensions: { persistedQuery: { version: 1, sha256Hash: 'ab' } } }],
    ['variables as a string (Apollo answers)', { query: WHO, variables: '{"id":"x"}' }],
    ['a batch (Apollo answers)', [{ query: '{ __typename }' }, { query: '{ __typename }' }]],
    ['an empty body object (Apollo answers)', {}],
    ['a bad token', { query: '{ __typename }' }, { authorization: 'Bearer not-a-token' }],
    ['a malformed authorization', { query: '{ __typename }' }, { authorization: 'Basic abc' }],
    ['an Accept asking for graphql-response+json (Apollo answers)', { query: '{ __typename }' }, { accept: 'application/graphql-response+json' }],
    ['a too costly operation', { query: `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: matches(first: 100) { nodes { id status family players freeSeats winner host kind ranked openedAt } }`).join(' ')} }` }],
  ];

  it.each(cases)('given %s, then the compiled route and Apollo answer the same', async (name, body, headers = {}) => {
    const text = JSON.stringify(body);
    const compiled = await apolloCalls(() => postWithLength(server.api.graphqlUrl, text, headers));
    const apollo = await postChunked(server.api.graphqlUrl, text, headers);
    expect(compiled.answer).toEqual(apollo);
    // Only what the compiled route leaves to Apollo reaches it (an unauthenticated request never does).
    expect(compiled.calls).toBe(name.includes('(Apollo answers)') ? 1 : 0);
  });

  it('given a signed-in player, then queries and mutations with input objects (a defaulted field left out) answer the same', async () => {
    const player = await TestPlayer.register({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl }, 'compiled-http');
    const auth = { authorization: `Bearer ${player.token}` };
    const me = JSON.stringify({ query: ME });
    const meCompiled = await apolloCalls(() => postWithLength(server.api.graphqlUrl, me, auth));
    expect(meCompiled).toEqual({ answer: await postChunked(server.api.graphqlUrl, me, auth), calls: 0 });
    expect(JSON.parse(meCompiled.answer.body).data.me.name).toBe('compiled-http');
    // The same command id twice: the second is answered with the first result, whichever route runs it.
    const input = { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] };
    const create = JSON.stringify({ query: CREATE, variables: { input } });
    const created = await apolloCalls(() => postWithLength(server.api.graphqlUrl, create, auth));
    expect(created.calls).toBe(0);
    expect(JSON.parse(created.answer.body).data.createMatch.kind).toBe('regular');
    expect(await postChunked(server.api.graphqlUrl, create, auth)).toEqual(created.answer);
  });
});

/** How many requests reached Apollo while `send` ran. */
async function apolloCalls(send: () => Promise<Raw>): Promise<{ answer: Raw; calls: number }> {
  const apollo = server.api.app.get<GraphQLModule<ApolloDriver>>(GraphQLModule).graphQlAdapter.instance as ApolloServer;
  const spy = jest.spyOn(apollo, 'executeHTTPGraphQLRequest');
  try {
    const answer = await send();
    return { answer, calls: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
