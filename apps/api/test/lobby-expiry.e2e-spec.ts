import { eventually } from './support/eventually';
import { Feed, openSocket, postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer } from './support/player';
import { MATCHES } from './support/queries';
import { startTestApi } from './support/test-api';

// An idle casual lobby expires by itself (ADR 0048), through the running API with a tiny LOBBY_IDLE_SECONDS.

jest.setTimeout(90_000);

/** Long enough for the join to land first on a loaded machine, short enough to wait for. */
const IDLE_SECONDS = 3;
const FIELDS = 'id status revision committedAt lobbyExpiresAt lobbyIdleSeconds closing { reason by idleSeconds idleSince }';
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { ${FIELDS} } }`;
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { ${FIELDS} } }`;
const MATCH = `query($id: ID!) { match(id: $id) { ${FIELDS} } }`;
const UPDATED = `subscription($id: ID!) { matchUpdated(id: $id) { ${FIELDS} } }`;
const LIST = 'query($filter: MatchFilter) { matches(filter: $filter, first: 100) { nodes { id players seats { kind name difficulty handedToCpu } lobbyExpiresAt } } }';
const AUDIT = 'query($id: ID!) { matchAudit(id: $id) { entries { type at actor commandId outcome data } } }';

type Closing = { reason: string; by: string | null; idleSeconds: number | null; idleSince: string | null };
type View = { id: string; status: string; revision: string; committedAt: number | null; lobbyExpiresAt: number | null; lobbyIdleSeconds: number | null; closing: Closing | null };
type Row = { id: string; players: (string | null)[]; seats: unknown[]; lobbyExpiresAt: number | null };
type AuditEntry = { type: string; at: string; actor: string; commandId: string; outcome: string; data: string };

type Server = Awaited<ReturnType<typeof startTestApi>>;
const urlOf = (server: Server) => ({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl });

async function opened(host: TestPlayer, seats: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<View> {
  const response = await host.send<{ createMatch: View }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'CLASSIC', seats, ...extra } });
  if (!response.data) throw new Error(JSON.stringify(response.errors));
  return response.data.createMatch;
}

const viewOf = async (server: Server, id: string) => (await postGraphQL<{ match: View }>(urlOf(server).graphql, MATCH, { id })).data?.match;
const rowsOf = async (server: Server, filter: Record<string, unknown>) =>
  (await postGraphQL<{ matches: { nodes: Row[] } }>(urlOf(server).graphql, LIST, { filter })).data?.matches.nodes ?? [];
const auditOf = async (server: Server, id: string) => (await postGraphQL<{ matchAudit: { entries: AuditEntry[] } }>(urlOf(server).graphql, AUDIT, { id })).data?.matchAudit.entries ?? [];
/**
 * The open-lobby list's expiry of each lobby is its view's, counted from the store's commit, which the writer's view
 * may read a few ms later.
 */
async function expectListedAsViewed(server: Server, views: readonly View[]): Promise<void> {
  const rows = await eventually(() => rowsOf(server, { open: true }), (all) => views.every(({ id }) => all.some((r) => r.id === id)));
  for (const view of views) {
    const listed = rows.find((r) => r.id === view.id)?.lobbyExpiresAt ?? Number.NaN;
    expect(listed).toBeLessThanOrEqual(view.lobbyExpiresAt ?? Number.NaN);
    expect(listed).toBeGreaterThan((view.lobbyExpiresAt ?? Number.NaN) - 1000);
  }
}


/**
 * The expiry counts from the given command's commit (after it was decided, by the time its writer had the
 * acknowledgement) and is the very next revision; returns its `idleSince` (epoch ms).
 */
async function expectCountedFrom(server: Server, closed: View, last: View): Promise<number> {
  const idleSince = Date.parse(closed.closing?.idleSince ?? '');
  // The audit (a read model) follows the store a little later.
  const decided = (await eventually(() => auditOf(server, closed.id), (entries) => entries.at(-1)?.type === 'LobbyClosed')).at(-2);
  expect(idleSince).toBeGreaterThanOrEqual(Date.parse(decided?.at ?? ''));
  expect(idleSince).toBeLessThanOrEqual(Math.ceil(last.committedAt ?? Number.NaN));
  expect(Number(closed.revision)).toBe(Number(last.revision) + 1);
  return idleSince;
}

/** A waiting lobby's view says it expires IDLE_SECONDS after its commit (rounded up to the ms); returns when. */
function expectExpiryOf(view: View | undefined): number {
  const expiresAt = Math.ceil(view?.committedAt ?? Number.NaN) + IDLE_SECONDS * 1000;
  expect(view?.lobbyExpiresAt).toBe(expiresAt);
  return expiresAt;
}

/**
 * The open-lobby list's row after bob joined: each seat's kind, and the expiry as the same sum from the store's
 * commit time of the join, which lies between its decision and its writer's acknowledgement.
 */
async function expectListedAfterJoin(server: Server, matchId: string, viewExpiresAt: number): Promise<void> {
  const rows = await eventually(() => rowsOf(server, { open: true }), (all) => all.some((r) => r.id === matchId && r.players.includes('bob')));
  const row = rows.find((r) => r.id === matchId);
  expect(row?.seats).toEqual([
    { kind: 'HUMAN', name: 'alice', difficulty: null, handedToCpu: false },
    { kind: 'HUMAN', name: 'bob', difficulty: null, handedToCpu: false },
    { kind: 'FREE', name: null, difficulty: null, handedToCpu: false },
    { kind: 'CPU', name: 'Ada', difficulty: 'HARD', handedToCpu: false },
  ]);
  const joinDecided = (await eventually(() => auditOf(server, matchId), (entries) => entries.filter((e) => e.type === 'SeatTaken').length === 2)).at(-1);
  expect(row?.lobbyExpiresAt).toBeGreaterThanOrEqual(Math.ceil(Date.parse(joinDecided?.at ?? '')) + IDLE_SECONDS * 1000);
  expect(row?.lobbyExpiresAt).toBeLessThanOrEqual(viewExpiresAt);
}

describe('an idle lobby expiring (LOBBY_IDLE_SECONDS=3)', () => {
  let server: Server;
  let alice: TestPlayer;
  let bob: TestPlayer;

  beforeAll(async () => {
    server = await startTestApi({ LOBBY_IDLE_SECONDS: String(IDLE_SECONDS) });
    [alice, bob] = (await Promise.all(['alice', 'bob'].map((name) => TestPlayer.register(urlOf(server), name)))) as [TestPlayer, TestPlayer];
  });
  afterAll(async () => {
    await Promise.all([alice, bob].map((p) => p?.close()));
    await server.stop();
  });

  it('given a lobby bob joined and nobody touched since, then it expires counted from the join: its watcher, the view, the CLOSED list and the audit say so, and a join is refused saying why', async () => {
    // Given a lobby of three people and a CPU named Ada, bob joining it, and a guest watching it live
    const match = await opened(alice, [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU', name: 'Ada', difficulty: 'HARD' }]);
    const guest = await openSocket(urlOf(server).ws, undefined);
    const pushes = new Feed<View>(guest, UPDATED, { id: match.id }, (d) => d['matchUpdated'] as View);
    const joined = (await bob.send<{ joinMatch: View }>(JOIN, { input: { matchId: match.id, commandId: commandId('join'), seat: null } })).data?.joinMatch;
    expect(joined?.status).toBe('lobby');
    // And each view says when it will expire: from its last commit, so the join moved the time on
    expectExpiryOf(match);
    const expiresAt = expectExpiryOf(joined);
    expect((await viewOf(server, match.id))?.lobbyExpiresAt).toBe(expiresAt);
    // And the open-lobby list says who sits where and when the lobby expires
    await expectListedAfterJoin(server, match.id, expiresAt);

    // When nothing happens for LOBBY_IDLE_SECONDS, then the watcher is pushed the closed view
    const closed = await pushes.next((v) => v.status === 'closed');
    expect(closed.closing).toEqual({ reason: 'expired', by: null, idleSeconds: IDLE_SECONDS, idleSince: expect.any(String) });
    // And the idle time counts from the join's commit, not from the opening: the join re-armed the timer
    const idleSince = await expectCountedFrom(server, closed, joined as View);
    // And at the very time the views said (the timer and the view follow one rule); closed, none is left
    expect(idleSince + IDLE_SECONDS * 1000).toBe(expiresAt);
    expect(closed.lobbyExpiresAt).toBeNull();
    expect(await viewOf(server, match.id)).toMatchObject({ status: 'closed', closing: closed.closing });
    guest.dispose();

    // And the match list (CLOSED) and the audit tell it, the audit naming the timer as the actor
    const listed = await eventually(
      async () => (await postGraphQL<{ matches: { nodes: { id: string }[] } }>(urlOf(server).graphql, MATCHES, { filter: { status: 'CLOSED' }, first: 100 })).data?.matches.nodes ?? [],
      (rows) => rows.some((row) => row.id === match.id),
    );
    expect(listed.map((row) => row.id)).toContain(match.id);
    expect((await rowsOf(server, { status: 'CLOSED' })).find((r) => r.id === match.id)?.lobbyExpiresAt).toBeNull();
    const entry = (await eventually(() => auditOf(server, match.id), (entries) => entries.some((e) => e.type === 'LobbyClosed'))).find((e) => e.type === 'LobbyClosed');
    expect(entry).toMatchObject({ actor: 'timer', commandId: `expire:${joined?.revision}`, outcome: 'the lobby is closed: it expired after 3 seconds with nobody joining, leaving or starting it' });
    expect(JSON.parse(entry?.data ?? '{}')).toEqual({ reason: 'expired', idleSince, idleSeconds: IDLE_SECONDS });

    // And nobody may sit there any more, told why
    const refused = await alice.send(JOIN, { input: { matchId: match.id, commandId: commandId('late'), seat: null } });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'the lobby was closed: it expired after 3 seconds with nobody joining, leaving or starting it; open a new match',
      extensions: { code: 'LOBBY_CLOSED' },
    });
  });
});

describe('a lobby idle past its time while the server was down', () => {
  it('given a lobby left open at shutdown, when the server starts again after its idle time, then it expires right after start-up, once', async () => {
    // Given a lobby opened on a server whose lobbies expire after an hour
    const first = await startTestApi({ LOBBY_IDLE_SECONDS: '3600' });
    const ann = await TestPlayer.register(urlOf(first), 'ann');
    const match = await opened(ann, [{ kind: 'HUMAN' }, { kind: 'CPU' }]);
    await ann.close();
    await first.stop(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // When it starts again on the same data, now with LOBBY_IDLE_SECONDS=1
    const second = await startTestApi({ LOBBY_IDLE_SECONDS: '1' }, { dataDir: first.dataDir });
    try {
      // Then the rebuilt catalog arms the lobby from its last commit and it expires at once
      const view = await eventually(() => viewOf(second, match.id), (v) => v?.status === 'closed');
      expect(view?.closing).toMatchObject({ reason: 'expired', idleSeconds: 1 });
      // (from the commit time the store recorded: after the command was decided, before its writer heard the acknowledgement)
      const entries = await eventually(() => auditOf(second, match.id), (all) => all.some((e) => e.type === 'LobbyClosed'));
      const idleSince = Date.parse(view?.closing?.idleSince ?? '');
      expect(idleSince).toBeGreaterThanOrEqual(Date.parse(entries[0]?.at ?? ''));
      expect(idleSince).toBeLessThanOrEqual(Math.ceil(match.committedAt ?? Number.NaN));
      // And exactly once, however long it runs on
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await auditOf(second, match.id)).filter((e) => e.type === 'LobbyClosed')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe('a lobby idle time its host chose (ADR 0061) under the operator\'s ceiling: a 2-second default, a ceiling of an hour', () => {
  /** LOBBY_IDLE_SECONDS: tiny, so a lobby with no choice expires while the test waits. */
  const DEFAULT = 2;
  /** LOBBY_IDLE_MAX_SECONDS: far above the default, as a day is above 30 minutes on a default server. */
  const CEILING = 3600;
  /** The hosts' choices: one shorter than the default (seconds, so a test can wait for it), one far longer. */
  const SHORT = 1;
  const LONG = 3000;
  let server: Server;
  let carol: TestPlayer;

  beforeAll(async () => {
    server = await startTestApi({ LOBBY_IDLE_SECONDS: String(DEFAULT), LOBBY_IDLE_MAX_SECONDS: String(CEILING) });
    carol = await TestPlayer.register(urlOf(server), 'carol');
  });
  afterAll(async () => {
    await carol?.close();
    await server.stop();
  });

  it('given the server\'s times, then anyone may read what a host may choose: the default and the ceiling', async () => {
    const times = await postGraphQL<{ lobbyIdleTimes: unknown }>(urlOf(server).graphql, '{ lobbyIdleTimes { defaultSeconds maxSeconds } }', {});
    expect(times.data?.lobbyIdleTimes).toEqual({ defaultSeconds: DEFAULT, maxSeconds: CEILING });
  });

  it('given lobbies opened for 1 second, for 3000 seconds and with no choice, then each says its own time; the 1-second and the default ones expire, the 3000-second one waits on', async () => {
    // Given
    const seats = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }];
    const short = await opened(carol, seats, { lobbyIdleSeconds: SHORT });
    const long = await opened(carol, seats, { lobbyIdleSeconds: LONG });
    const usual = await opened(carol, seats, { lobbyIdleSeconds: 0 });
    // Then each view says its own idle time and when, from its commit: longer than the default is allowed now
    for (const [view, seconds] of [[short, SHORT], [long, LONG], [usual, DEFAULT]] as const) {
      expect(view).toMatchObject({ status: 'lobby', lobbyIdleSeconds: seconds, lobbyExpiresAt: Math.ceil(view.committedAt ?? Number.NaN) + seconds * 1000 });
    }
    // And the open-lobby list tells each from its own idle time (the read model keeps the choice); the 1-second one may be gone already
    await expectListedAsViewed(server, [long, usual]);

    // When the default's 2 seconds pass, then the short lobby closed after its host's second, the usual one after the default
    const closedShort = await eventually(() => viewOf(server, short.id), (view) => view?.status === 'closed', 10_000);
    expect(closedShort?.closing).toEqual({ reason: 'expired', by: null, idleSeconds: SHORT, idleSince: expect.any(String) });
    expect(Date.parse(closedShort?.closing?.idleSince ?? '') + SHORT * 1000).toBe(short.lobbyExpiresAt);
    const entry = (await eventually(() => auditOf(server, short.id), (entries) => entries.some((e) => e.type === 'LobbyClosed'))).find((e) => e.type === 'LobbyClosed');
    expect(entry).toMatchObject({ actor: 'timer', outcome: 'the lobby is closed: it expired after 1 second with nobody joining, leaving or starting it' });
    const closedUsual = await eventually(() => viewOf(server, usual.id), (view) => view?.status === 'closed', 10_000);
    expect(closedUsual?.closing).toEqual({ reason: 'expired', by: null, idleSeconds: DEFAULT, idleSince: expect.any(String) });
    // And the one its host chose 3000 seconds for, opened before the usual one, waits on past the default with its time
    expect(await viewOf(server, long.id)).toMatchObject({ status: 'lobby', lobbyIdleSeconds: LONG, lobbyExpiresAt: long.lobbyExpiresAt });
  });

  it('given an idle time that is not whole seconds from 1 to the ceiling, when a host creates with it, then it is refused naming the field and the bound, and nothing is opened', async () => {
    for (const lobbyIdleSeconds of [CEILING + 1, -1]) {
      const id = commandId('refused');
      const refused = await carol.send(CREATE, { input: { commandId: id, ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }], lobbyIdleSeconds } });
      expect(refused.errors?.[0]).toMatchObject({
        message: "lobbyIdleSeconds: whole seconds from 1 to 3600 (this server's LOBBY_IDLE_MAX_SECONDS), or 0 for the server's default",
        extensions: { code: 'BAD_USER_INPUT', field: 'lobbyIdleSeconds' },
      });
      // The same command id then opens a table: the refusal appended nothing
      const retried = await carol.send<{ createMatch: View }>(CREATE, { input: { commandId: id, ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
      expect(retried.data?.createMatch.status).toBe('lobby');
    }
    // A fraction is not an Int: GraphQL refuses it before any command, naming the field
    const fraction = await carol.send(CREATE, { input: { commandId: commandId('fraction'), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }], lobbyIdleSeconds: 1.5 } });
    expect(fraction.errors?.[0]?.message).toContain('lobbyIdleSeconds');
  });
});
