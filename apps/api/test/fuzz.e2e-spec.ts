import fc from 'fast-check';
import { getNamedType, type GraphQLField, type GraphQLInputType, type GraphQLSchema, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isObjectType } from 'graphql';
import type { Client } from 'graphql-ws';
import jwt from 'jsonwebtoken';
import { openSocket } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, JOIN, START } from './support/queries';
import { fetchSchema } from './support/schema-walk';
import { startTestApi } from './support/test-api';

/**
 * The crash test over every path: random and malformed arguments to every query, mutation and subscription
 * the schema has (found by introspection), over HTTP and websockets, as anonymous, a player and a bad token.
 * Seeded; a few seconds in CI, longer with FUZZ_RUNS (and another FUZZ_SEED). Afterwards the API must still be
 * healthy, and no answer may have been a 5xx or an INTERNAL_SERVER_ERROR.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 250);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261201);
jest.setTimeout(Math.max(120_000, RUNS * 200));

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let schema: GraphQLSchema;
let player: TestPlayer;
const known: { matchIds: string[]; accountIds: string[] } = { matchIds: [], accountIds: [] };
const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  server = await startTestApi({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'fatal', BOT_THINK_MS: '0' });
  const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  schema = await fetchSchema(url.graphql);
  player = await TestPlayer.register(url, 'fuzzer');
  const other = await TestPlayer.register(url, 'fuzz-other');
  known.accountIds.push(...[player, other].map((p) => (jwt.decode(p.token) as { sub: string }).sub));
  const lobby = await player.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
  const playing = await player.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'REVOLVER', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU' }] } });
  const playingId = (playing.data as { createMatch: TestView }).createMatch.id;
  await other.send(JOIN, { input: { matchId: playingId, commandId: commandId() } });
  await player.send(START, { input: { matchId: playingId, commandId: commandId() } });
  known.matchIds.push((lobby.data as { createMatch: TestView }).createMatch.id, playingId);
});
afterAll(async () => {
  await player?.close();
  await server?.stop();
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
});

const nasty = fc.constantFrom('', ' ', '\u0000', 'x'.repeat(10_000), '../../etc/passwd', "'; DROP TABLE match_list; --", '{"$gt":""}', '\ud800', '💥'.repeat(300), 'null', '-1', '1e309');

/** A value for an input type: usually well-formed, often not (wrong type, out of range, huge, missing). */
function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  const wrong = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.constant({}), fc.constant([]));
  if (isListType(inner)) return fc.oneof({ weight: 4, arbitrary: fc.array(valueFor(inner.ofType, depth + 1), { maxLength: depth > 1 ? 2 : 8 }) }, { weight: 1, arbitrary: wrong });
  const named = getNamedType(inner);
  if (isEnumType(named)) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...named.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: fc.oneof(fc.string(), wrong) });
  if (isInputObjectType(named)) {
    if (depth > 3) return wrong;
    const fields = Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, valueFor(f.type, depth + 1)]));
    return fc.oneof({ weight: 5, arbitrary: fc.record(fields, { requiredKeys: [] }) }, { weight: 1, arbitrary: wrong });
  }
  switch (named.name) {
    case 'ID':
    case 'String':
      return fc.oneof(fc.constantFrom(...known.matchIds, ...known.accountIds, 'fuzzer', 'PERUDO', 'perudo'), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 200 }), nasty, wrong);
    case 'Int':
      return fc.oneof(fc.integer({ min: -5, max: 1100 }), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 1e6, 1.5, Number.MAX_SAFE_INTEGER), wrong);
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1e308), wrong);
    case 'Boolean':
      return fc.oneof(fc.boolean(), wrong);
    default:
      return wrong;
  }
}

/** The field's scalars, one level of objects deep (what a client would ask for). */
function selection(field: GraphQLField<unknown, unknown>, depth = 2): string {
  const named = getNamedType(field.type);
  if (isLeafType(named) || !isObjectType(named)) return '';
  const inner = Object.values(named.getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .map((f) => (isLeafType(getNamedType(f.type)) ? f.name : depth > 1 ? `${f.name}${selection(f, depth - 1)}` : ''))
    .filter((text) => text && !text.endsWith('{  }'));
  return ` { ${inner.length > 0 ? inner.join(' ') : '__typename'} }`;
}

interface Call {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  readonly transport: 'http' | 'ws';
  readonly caller: 'anonymous' | 'player' | 'bad-token';
}

function callFor(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>): fc.Arbitrary<Call> {
  const defs = field.args.map((arg, i) => `$a${i}: ${arg.type.toString()}`);
  const uses = field.args.map((arg, i) => `${arg.name}: $a${i}`);
  const query = `${kind}${defs.length ? `(${defs.join(', ')})` : ''} { ${field.name}${uses.length ? `(${uses.join(', ')})` : ''}${selection(field)} }`;
  const variables = fc.record(Object.fromEntries(field.args.map((arg, i) => [`a${i}`, valueFor(arg.type)])), { requiredKeys: [] });
  return fc.record({
    query: fc.constant(query),
    variables,
    transport: kind === 'subscription' ? fc.constant('ws' as const) : fc.constantFrom('http' as const, 'ws' as const),
    caller: fc.constantFrom('anonymous' as const, 'player' as const, 'bad-token' as const),
  });
}

function everyCall(): fc.Arbitrary<Call> {
  const roots = [['query', schema.getQueryType()], ['mutation', schema.getMutationType()], ['subscription', schema.getSubscriptionType()]] as const;
  const calls = roots.flatMap(([kind, type]) => Object.values(type?.getFields() ?? {}).map((field) => callFor(kind, field)));
  return fc.oneof(...calls);
}

const tokenOf = (caller: Call['caller']) => (caller === 'player' ? player.token : caller === 'bad-token' ? 'not.a.token' : undefined);
const sockets = new Map<string, Client>();

/** Sends one call; returns what a server bug would look like (a 5xx or an internal error), if anything. */
async function send(call: Call): Promise<string | null> {
  const token = tokenOf(call.caller);
  if (call.transport === 'http') {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await fetch(server.api.graphqlUrl, { method: 'POST', headers, body: JSON.stringify({ query: call.query, variables: call.variables }) });
    const text = await response.text();
    if (response.status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) return `HTTP ${response.status}: ${text.slice(0, 300)}`;
    return null;
  }
  let socket = sockets.get(call.caller);
  if (!socket) sockets.set(call.caller, (socket = await openSocket(server.api.wsUrl, token)));
  const answer = await new Promise<string>((resolve) => {
    // A subscription still running is completed: a socket holds at most MAX_SOCKET_OPERATIONS at once (ADR 0010).
    const timer = setTimeout(() => (stop(), resolve('pending')), 300);
    const stop = socket.subscribe(
      { query: call.query, variables: call.variables },
      {
        next: (result) => (clearTimeout(timer), stop(), resolve(JSON.stringify(result))),
        error: (error) => (clearTimeout(timer), resolve(JSON.stringify(error))),
        complete: () => (clearTimeout(timer), resolve('complete')),
      },
    );
  });
  return answer.includes('INTERNAL_SERVER_ERROR') || /"code":45\d\d/.test(answer) ? `ws: ${answer.slice(0, 300)}` : null;
}

describe('the crash test over every path', () => {
  it('given random and malformed arguments to every query, mutation and subscription over HTTP and websockets, then no answer is a 5xx or an internal error and the API stays healthy', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(everyCall(), async (call) => {
        const failure = await send(call);
        if (failure) failures.push(`${call.transport} ${call.caller} ${call.query} ${JSON.stringify(call.variables).slice(0, 200)} -> ${failure}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    for (const socket of sockets.values()) await socket.dispose();
    expect(failures).toEqual([]);
    expect(escaped).toEqual([]);
    const health = await fetch(`${server.api.url}/health`);
    expect(health.status).toBe(200);
    expect((await player.view(known.matchIds[1] as string)).status).toMatch(/bidding|finished/);
  });
});
