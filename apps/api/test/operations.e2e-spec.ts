import type { EventStore } from '@liars-dice/event-store-port';
import { EVENT_STORE } from '@liars-dice/server-platform';
import { eventually } from './support/eventually';
import { postGraphQL, Wiretap } from './support/graphql-client';
import { handsOf, leaksIn, type Received } from './support/leak-check';
import { moderator } from './support/moderation';
import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, JOIN, MATCHES, START } from './support/queries';
import { startTestApi } from './support/test-api';
import { CREATE_TOURNAMENT } from './support/tournament-queries';

jest.setTimeout(120_000);

const STREAM = `query($stream: String!, $from: Int, $first: Int) { streamEvents(stream: $stream, from: $from, first: $first) {
  stream kind total from events { revision position id type committedAt metadata data withheld view } } }`;
const RECENT = 'query($kind: StreamKind) { recentStreams(kind: $kind) { stream kind lastRevision lastType lastCommittedAt } }';
const READ_MODELS = '{ readModels { name position events eventsBehind behindCapped lagSeconds failure { error } } }';
const REBUILD = 'mutation($name: String!, $reason: String!) { rebuildReadModel(name: $name, reason: $reason) { revision at by { id name } action readModel reason } }';
const LOG = 'query($first: Int, $after: String) { operationsLog(first: $first, after: $after) { nodes { revision by { name } readModel reason } endCursor hasNextPage } }';
const METRICS = '{ serviceMetrics { uptimeSeconds residentBytes eventLoopLagP99Seconds commandsOk commandsRefused projectionApplications projectionLagMeanSeconds } }';

interface StreamEvent {
  revision: number;
  type: string;
  metadata: string;
  data: string;
  withheld: string[];
  view: string | null;
}
type StreamPage = { streamEvents: { stream: string; kind: string; total: number; from: number; events: StreamEvent[] } };

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let root: TestPlayer;
let ann: TestPlayer;
let bob: TestPlayer;
let mod: TestPlayer;

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  root = await TestPlayer.registerAdmin(url, 'root');
  [ann, bob] = await Promise.all([TestPlayer.register(url, 'ann'), TestPlayer.register(url, 'bob')]);
  mod = await moderator(url, root, 'mia');
});
afterAll(() => server.stop());

async function startedMatch(): Promise<TestView> {
  const created = await ann.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
  const id = created.data?.createMatch.id ?? '';
  await bob.send(JOIN, { input: { matchId: id, commandId: commandId() } });
  await ann.send(START, { input: { matchId: id, commandId: commandId() } });
  return ann.view(id);
}

/** Every page of a stream, as the admin reads it, and the raw texts that arrived. */
async function browse(stream: string): Promise<{ events: StreamEvent[]; texts: string[] }> {
  const events: StreamEvent[] = [];
  const tap = new Wiretap();
  for (let from = 0; ; ) {
    const page = await postGraphQL<StreamPage>(url.graphql, STREAM, { stream, from, first: 100 }, root.token, tap);
    if (!page.data) throw new Error(JSON.stringify(page.errors));
    events.push(...page.data.streamEvents.events);
    from += page.data.streamEvents.events.length;
    if (page.data.streamEvents.events.length === 0 || from >= page.data.streamEvents.total) return { events, texts: tap.payloads };
  }
}

/** Plays the match to its end; before each move the admin browses the whole stream, tagged with the round in play. */
async function browseEveryStep(match: TestView): Promise<{ received: (Received & { hiddenRound: number | null })[]; view: TestView }> {
  const received: (Received & { hiddenRound: number | null })[] = [];
  let view = match;
  for (let step = 0; view.status !== 'finished' && step < 400; step++) {
    const { texts } = await browse(`match-${match.id}`);
    for (const text of texts) received.push({ caller: 'root', seat: null, hiddenRound: view.round?.number ?? null, text });
    const acting = view.toAct === view.me ? ann : bob;
    const acted = await acting.act(acting === ann ? view : await bob.view(match.id));
    if (acted.errors) throw new Error(JSON.stringify(acted.errors));
    view = await ann.view(match.id);
  }
  return { received, view };
}

async function sealedSeedOf(stream: string): Promise<string> {
  const store = server.api.app.get<EventStore>(EVENT_STORE);
  const [first] = await store.readStream(stream, { maxCount: 1 });
  return (first?.data as { sealedSeed: string }).sealedSeed;
}

describe('operators only', () => {
  const asks: [string, string, Record<string, unknown>][] = [
    ['streamEvents', STREAM, { stream: 'operations-log' }],
    ['recentStreams', RECENT, {}],
    ['readModels', READ_MODELS, {}],
    ['operationsLog', LOG, {}],
    ['serviceMetrics', METRICS, {}],
    ['rebuildReadModel', REBUILD, { name: 'audit', reason: 'a player would like a fresh one' }],
  ];

  it.each(asks)('given a player or a moderator, when they ask %s, then it is FORBIDDEN; anonymously UNAUTHENTICATED', async (_name, query, variables) => {
    for (const caller of [ann, mod]) {
      const refused = await caller.send(query, variables);
      expect({ code: refused.errors?.[0]?.extensions?.['code'], data: refused.data ?? null }).toEqual({ code: 'FORBIDDEN', data: null });
    }
    const anonymous = await postGraphQL(url.graphql, query, variables);
    expect(anonymous.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });

  it('given nothing was ever rebuilt, then the log is empty and no one else may have written it', async () => {
    const log = await root.send<{ operationsLog: { nodes: unknown[] } }>(LOG, {});
    expect(log.data?.operationsLog.nodes).toEqual([]);
  });
});

describe("the stream browser keeps a live round's hands and the sealed seed from admins too", () => {
  it('given a ranked match played to its end, when the admin browses its stream at every step, then no hidden hand nor the seed ever arrives before its reveal', async () => {
    const match = await startedMatch();
    const stream = `match-${match.id}`;
    const sealed = await sealedSeedOf(stream);
    const { received, view } = await browseEveryStep(match);
    expect(view.status).toBe('finished');
    const hands = handsOf(view);
    expect(received.filter((r) => r.hiddenRound !== null).length).toBeGreaterThan(5);
    expect(received.flatMap((r) => leaksIn(r, hands))).toEqual([]);
    expect(received.filter((r) => r.text.includes(sealed))).toEqual([]);
    expect(received.filter((r) => r.hiddenRound !== null && r.text.includes(view.seed ?? '-'))).toEqual([]);

    // Once finished, every hand is shown, the seed with MatchFinished, and still never the sealed seed.
    const { events, texts } = await browse(stream);
    expect(texts.join('\n')).not.toContain(sealed);
    const rolls = events.filter((e) => e.type === 'RoundStarted');
    expect(rolls.map((e) => JSON.parse(e.data).dice)).toEqual(view.history.map((round) => Object.fromEntries(round.hands.map((hand) => [hand.seat, hand.dice]))));
    expect(rolls.every((e) => e.withheld.length === 0)).toBe(true);
    expect(events[0]).toMatchObject({ revision: 0, type: 'MatchOpened', withheld: ['sealedSeed'] });
    expect(JSON.parse(events.at(-1)?.data ?? '{}').seed).toBe(view.seed);
    // Each event carries its metadata and, for a match, the spectator's view after it.
    expect(JSON.parse(events.find((e) => e.type === 'BidPlaced')?.metadata ?? '{}')).toMatchObject({ actor: expect.stringMatching(/^account:/), commandId: expect.any(String) });
    expect(JSON.parse(events.at(-1)?.view ?? '{}')).toMatchObject({ id: match.id, status: 'finished', winner: view.winner, myDice: [] });
  });

  it('given a live round, then its roll says the dice were withheld and the view after it shows no hand', async () => {
    const match = await startedMatch();
    const page = await root.send<StreamPage>(STREAM, { stream: `match-${match.id}`, from: 0, first: 100 });
    const roll = page.data?.streamEvents.events.find((e) => e.type === 'RoundStarted');
    expect(roll?.withheld).toEqual(['dice']);
    expect(JSON.parse(roll?.data ?? '{}')).toMatchObject({ round: 1, dice: null });
    expect(JSON.parse(roll?.view ?? '{}')).toMatchObject({ status: 'bidding', me: null, myDice: [] });
    // A page from a revision: the events from there, the total of the stream.
    const later = await root.send<StreamPage>(STREAM, { stream: `match-${match.id}`, from: 2, first: 1 });
    expect(later.data?.streamEvents).toMatchObject({ kind: 'MATCH', from: 2, total: page.data?.streamEvents.total, events: [{ revision: 2 }] });
  });

  it("given a tournament, then its stream shows every event but its sealed seed, and the recent list leads with the newest streams", async () => {
    const now = Date.now();
    const input = {
      commandId: commandId('cup'), name: 'Ops cup', family: 'PERUDO', ranked: false, capacity: 8, minTableSize: 2, maxTableSize: 4, format: 'SWISS_TABLES', swissRounds: 1, finalTableSize: 3,
      registrationClosesAt: new Date(now + 3_600_000).toISOString(), startsAt: new Date(now + 3_600_000).toISOString(),
    };
    const created = await root.send<{ createTournament: { id: string } }>(CREATE_TOURNAMENT, { input });
    const stream = `tournament-${created.data?.createTournament.id}`;
    const sealed = await sealedSeedOf(stream);
    const { events, texts } = await browse(stream);
    expect(events.map((e) => [e.type, e.withheld, e.view])).toEqual([['TournamentCreated', ['sealedSeed'], null]]);
    expect(texts.join('\n')).not.toContain(sealed);
    const recent = await root.send<{ recentStreams: { stream: string; kind: string; lastType: string }[] }>(RECENT, {});
    expect(recent.data?.recentStreams[0]).toEqual(expect.objectContaining({ stream, kind: 'TOURNAMENT', lastType: 'TournamentCreated' }));
    const matches = await root.send<{ recentStreams: { kind: string }[] }>(RECENT, { kind: 'MATCH' });
    expect(new Set(matches.data?.recentStreams.map((s) => s.kind))).toEqual(new Set(['MATCH']));
  });

  it.each([
    [{ stream: 'account-root' }, 'stream', /^stream: not one an operator browses/],
    [{ stream: 'match-' }, 'stream', /^stream: not one an operator browses/],
    [{ stream: 'match x' }, 'stream', /^stream: 1 to 200 printable characters/],
    [{ stream: 'match-nope', from: -1 }, 'from', /^from: a revision, 0 or more/],
    [{ stream: 'match-nope', first: 0 }, 'first', /^first: 1 to 100/],
  ])('given %j, then BAD_USER_INPUT names %s', async (variables, field, message) => {
    const refused = await root.send(STREAM, variables);
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field });
    expect(refused.errors?.[0]?.message).toMatch(message);
  });

  it('given a stream that does not exist, then NOT_FOUND names it', async () => {
    const refused = await root.send(STREAM, { stream: 'match-00000000-0000-4000-8000-000000000000' });
    expect(refused.errors?.[0]).toMatchObject({ message: 'stream: no stream match-00000000-0000-4000-8000-000000000000', extensions: { code: 'NOT_FOUND', field: 'stream' } });
  });
});

describe('read models, their rebuild and the operations log', () => {
  type Status = { name: string; position: string | null; events: number; eventsBehind: number; lagSeconds: number; failure: unknown };

  it('given a rebuild of the match list with a reason, then it is logged first, replays to the head and lists the same matches', async () => {
    const match = await startedMatch();
    const listed = () => root.send<{ matches: { nodes: { id: string; status: string }[] } }>(MATCHES, { filter: {}, first: 100 });
    const before = await eventually(listed, (r) => (r.data?.matches.nodes ?? []).some((n) => n.id === match.id && n.status === 'PLAYING'));
    const rebuilt = await root.send<{ rebuildReadModel: { revision: number; by: { name: string }; action: string; readModel: string; reason: string } }>(REBUILD, { name: 'match-list', reason: '  rows looked stale  ' });
    expect(rebuilt.data?.rebuildReadModel).toMatchObject({ revision: 0, by: { name: 'root' }, action: 'rebuild', readModel: 'match-list', reason: 'rows looked stale' });
    const caughtUp = await eventually(
      () => root.send<{ readModels: Status[] }>(READ_MODELS, {}),
      (r) => (r.data?.readModels ?? []).every((m) => m.eventsBehind === 0 && m.position !== null),
    );
    const models = caughtUp.data?.readModels ?? [];
    expect(models.map((m) => m.name)).toEqual(['match-list', 'audit', 'rating', 'player-stats', 'global-stats', 'cpu-results', 'tutorial', 'collusion', 'disputes', 'moderation-log', 'sanctions']);
    expect(models.every((m) => m.eventsBehind === 0 && m.lagSeconds === 0 && m.failure === null)).toBe(true);
    // The rebuilt list holds what it held before, in the same order.
    expect((await eventually(listed, (r) => r.data?.matches.nodes.length === before.data?.matches.nodes.length)).data).toEqual(before.data);
    const log = await root.send<{ operationsLog: { nodes: { revision: number; readModel: string; reason: string }[] } }>(LOG, {});
    expect(log.data?.operationsLog.nodes).toEqual([{ revision: 0, by: { name: 'root' }, readModel: 'match-list', reason: 'rows looked stale' }]);
    // The log is a stream like any other: the browser shows it too.
    const stream = await root.send<StreamPage>(STREAM, { stream: 'operations-log' });
    expect(stream.data?.streamEvents.events.map((e) => [e.type, JSON.parse(e.metadata).actor])).toEqual([['ReadModelRebuildRequested', expect.stringMatching(/^account:/)]]);
  });

  it('given a second rebuild, then the log pages newest first', async () => {
    await root.send(REBUILD, { name: 'audit', reason: 'second' });
    const first = await root.send<{ operationsLog: { nodes: { revision: number }[]; endCursor: string; hasNextPage: boolean } }>(LOG, { first: 1 });
    expect(first.data?.operationsLog).toMatchObject({ nodes: [{ revision: 1 }], hasNextPage: true });
    const next = await root.send<{ operationsLog: { nodes: { revision: number }[]; hasNextPage: boolean } }>(LOG, { first: 1, after: first.data?.operationsLog.endCursor });
    expect(next.data?.operationsLog).toMatchObject({ nodes: [{ revision: 0 }], hasNextPage: false });
  });

  it.each([
    ['an unknown read model', { name: 'everything', reason: 'why not' }, 'name', /^name: no read model everything \(known: match-list, audit/],
    ['a blank reason', { name: 'audit', reason: '   ' }, 'reason', /^reason: 1 to 500 characters/],
    ['a reason of 501 characters', { name: 'audit', reason: 'x'.repeat(501) }, 'reason', /^reason: 1 to 500 characters/],
  ])('given %s, then the rebuild is refused naming %s and nothing is logged', async (_given, variables, field, message) => {
    const before = (await root.send<{ operationsLog: { nodes: unknown[] } }>(LOG, { first: 100 })).data?.operationsLog.nodes.length;
    const refused = await root.send(REBUILD, variables);
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field });
    expect(refused.errors?.[0]?.message).toMatch(message);
    expect((await root.send<{ operationsLog: { nodes: unknown[] } }>(LOG, { first: 100 })).data?.operationsLog.nodes).toHaveLength(before ?? -1);
  });

  it('given commands handled, then the key metrics count them', async () => {
    const metrics = await root.send<{ serviceMetrics: Record<string, number | null> }>(METRICS, {});
    expect(metrics.data?.serviceMetrics).toMatchObject({
      uptimeSeconds: expect.any(Number),
      residentBytes: expect.any(Number),
      eventLoopLagP99Seconds: expect.any(Number),
      commandsRefused: expect.any(Number),
      projectionLagMeanSeconds: expect.any(Number),
    });
    expect(metrics.data?.serviceMetrics['commandsOk']).toBeGreaterThan(5);
    expect(metrics.data?.serviceMetrics['projectionApplications']).toBeGreaterThan(5);
  });
});
