import { eventually } from './support/eventually';
import { postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, JOIN, MATCHES, START } from './support/queries';
import { startTestApi } from './support/test-api';

// A started match nobody plays on ends by itself (ADR 0072), through the running API with tiny limits: the
// inactivity timer counts the awaited person absent, a CPU takes a casual seat, a ranked player forfeits.

jest.setTimeout(90_000);

/** MATCH_INACTIVITY_SECONDS and MATCH_SOLO_INACTIVITY_SECONDS: seconds, so the test waits for them. */
const LIMITS = { MATCH_INACTIVITY_SECONDS: '2', MATCH_SOLO_INACTIVITY_SECONDS: '1' };
const AUDIT = 'query($id: ID!) { matchAudit(id: $id) { entries { type at actor commandId outcome data } } }';
const REPLAY = 'query($id: ID!) { matchReplay(id: $id, count: 1000) { total steps { step type event } } }';
const COMMITTED = 'query($id: ID!) { match(id: $id) { revision toAct committedAt seats { seat player } } }';

type Server = Awaited<ReturnType<typeof startTestApi>>;
type AuditEntry = { type: string; at: string; actor: string; commandId: string; outcome: string; data: string };
type Committed = { revision: string; toAct: string | null; committedAt: number; seats: { seat: string; player: string | null }[] };
type ReplayStep = { step: number; type: string; event: string };

const urlOf = (server: Server) => ({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const auditOf = async (server: Server, id: string) =>
  (await postGraphQL<{ matchAudit: { entries: AuditEntry[] } }>(urlOf(server).graphql, AUDIT, { id })).data?.matchAudit.entries ?? [];
const replayOf = async (server: Server, id: string) =>
  (await postGraphQL<{ matchReplay: { steps: ReplayStep[] } }>(urlOf(server).graphql, REPLAY, { id })).data?.matchReplay.steps ?? [];
const listed = async (server: Server, status: string) =>
  ((await postGraphQL<{ matches: { nodes: { id: string }[] } }>(urlOf(server).graphql, MATCHES, { filter: { status }, first: 100 })).data?.matches.nodes ?? []).map((n) => n.id);

/** The audit's absences, each with its data parsed, once the audit (a read model) has `count` of them. */
async function absencesOf(server: Server, id: string, count: number) {
  const entries = await eventually(() => auditOf(server, id), (all) => all.filter((e) => e.type === 'PlayerAbsent').length >= count);
  return entries.filter((e) => e.type === 'PlayerAbsent').map((e) => ({ ...e, data: JSON.parse(e.data) as Record<string, unknown> }));
}

/** A started match of `host` (and `guest` when there are two human seats); nobody has acted in it yet. */
async function startedBy(host: TestPlayer, guest: TestPlayer | null, input: Record<string, unknown>): Promise<TestView> {
  const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'CLASSIC', options: { startingDice: 3 }, ...input } });
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const matchId = created.data.createMatch.id;
  if (guest) await guest.send(JOIN, { input: { matchId, commandId: commandId('join') } });
  const started = await host.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId('start') } });
  if (!started.data) throw new Error(JSON.stringify(started.errors));
  return started.data.startMatch;
}

/** The person the match waits on now, and the other. */
function awaited(view: TestView): { absent: string; other: string } {
  const absent = view.seats.find((s) => s.seat === view.toAct)?.player as string;
  return { absent, other: view.seats.find((s) => s.player !== null && s.player !== absent)?.player as string };
}

describe('a match nobody plays on (MATCH_INACTIVITY_SECONDS=2, MATCH_SOLO_INACTIVITY_SECONDS=1)', () => {
  let server: Server;
  let alice: TestPlayer;
  let bob: TestPlayer;

  beforeAll(async () => {
    server = await startTestApi(LIMITS);
    [alice, bob] = (await Promise.all(['alice', 'bob'].map((name) => TestPlayer.register(urlOf(server), name)))) as [TestPlayer, TestPlayer];
  });
  afterAll(async () => {
    await Promise.all([alice, bob].map((p) => p?.close()));
    await server.stop();
  });

  it('given a casual match of two people who stop playing, then a CPU takes each seat in turn (after 2 s, then 1 s alone) and the match finishes; the audit, the replay and the list say so', async () => {
    // Given a started casual match nobody acts in
    const started = await startedBy(alice, bob, { seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] });
    const { absent, other } = awaited(started);

    // When nobody acts, then it finishes by itself: both seats are played by CPUs, each naming who it was
    const finished = await eventually(() => alice.view(started.id), (view) => view.status === 'finished', 30_000);
    expect(finished.status).toBe('finished');
    for (const player of [absent, other]) {
      expect(finished.seats.find((s) => s.previous?.player === player)).toMatchObject({ kind: 'cpu', difficulty: 'medium', player: null, handedToCpu: true });
    }

    // And the audit tells each absence in words, sent by the timer and fenced by the revision it saw: the first
    // after the limit with another person waiting, the second after the one for a person alone with CPUs
    const [first, second] = await absencesOf(server, started.id, 2);
    expect(first).toMatchObject({ actor: 'timer', commandId: `inactive:${started.revision}`, outcome: `${absent} is absent: the match waited 2 seconds on ${first?.data['seat']}` });
    expect(first?.data).toMatchObject({ account: { name: absent }, idleSeconds: 2, idleSince: expect.any(Number) });
    expect(second).toMatchObject({ actor: 'timer', outcome: `${other} is absent: the match waited 1 second on ${second?.data['seat']}` });
    const all = await auditOf(server, started.id);
    expect(all[all.indexOf(all.find((e) => e.type === 'PlayerAbsent') as AuditEntry) + 1]).toMatchObject({ type: 'SeatHandedToCpu', actor: 'timer' });

    // And the replay shows each absence as a step of its own, saying who and after how long
    const steps = await eventually(() => replayOf(server, started.id), (all) => all.filter((s) => s.type === 'PlayerAbsent').length === 2);
    const shown = steps.filter((s) => s.type === 'PlayerAbsent').map((s) => JSON.parse(s.event) as Record<string, unknown>);
    expect(shown).toEqual([first?.data, second?.data]);

    // And the match list no longer lists it as being played
    expect(await eventually(() => listed(server, 'FINISHED'), (ids) => ids.includes(started.id))).toContain(started.id);
    expect(await listed(server, 'PLAYING')).not.toContain(started.id);
  });

  it('given a ranked match whose player to act stops playing, then after 2 s they forfeit and the other wins', async () => {
    const started = await startedBy(alice, bob, { ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] });
    const { absent, other } = awaited(started);

    const finished = await eventually(() => alice.view(started.id), (view) => view.status === 'finished', 30_000);

    expect(finished.winner).toBe(finished.seats.find((s) => s.player === other)?.seat);
    expect(finished.seats.find((s) => s.player === absent)).toMatchObject({ kind: 'human', handedToCpu: false, out: true });
    const [absence] = await absencesOf(server, started.id, 1);
    expect(absence).toMatchObject({ actor: 'timer', commandId: `inactive:${started.revision}` });
    const audit = await auditOf(server, started.id);
    expect(audit[audit.indexOf(audit.find((e) => e.type === 'PlayerAbsent') as AuditEntry) + 1]).toMatchObject({ type: 'PlayerForfeited' });
    expect(await eventually(() => listed(server, 'FINISHED'), (ids) => ids.includes(started.id))).toContain(started.id);
  });

  it('given someone who keeps playing, then nobody is counted absent while they do', async () => {
    const started = await startedBy(alice, bob, { seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] });
    const players = [alice, bob];
    // Each move a second after the one before, well within the limit, three seconds in all: past the limit
    // counted from the start, so only re-arming from each commit keeps everyone present
    let view = started;
    for (let move = 0; move < 3; move++) {
      await sleep(1_000);
      const player = players.find((p) => p.name === awaited(view).absent) as TestPlayer;
      await player.act(await player.view(view.id));
      view = await alice.view(view.id);
    }
    expect((await auditOf(server, started.id)).filter((e) => e.type === 'PlayerAbsent')).toEqual([]);
  });
});

describe('an absence that came due while the server was down', () => {
  it('given a match waiting on a person at shutdown, when the server starts again after the limit, then the person is counted absent at once, from the commit before the restart, and the match finishes', async () => {
    // Given ann alone with a CPU, the match waiting on her (the CPU may have opened), and the server stopped
    const env = { MATCH_SOLO_INACTIVITY_SECONDS: '3' };
    const first = await startTestApi(env);
    const ann = await TestPlayer.register(urlOf(first), 'ann');
    const read = async (id: string) => (await ann.send<{ match: Committed }>(COMMITTED, { id })).data?.match;
    let started: TestView;
    let waiting: Committed | undefined;
    try {
      started = await startedBy(ann, null, { seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] });
      waiting = await eventually(() => read(started.id), (view) => view?.seats.find((s) => s.seat === view.toAct)?.player === 'ann');
    } finally {
      await ann.close();
      await first.stop(true);
    }
    await sleep(Math.max(0, (waiting?.committedAt ?? 0) + 3_300 - Date.now()));

    // When it starts again on the same data
    const restartedAt = Date.now();
    const second = await startTestApi(env, { dataDir: first.dataDir });
    try {
      // Then her absence is decided right after start-up, counted from the commit made before the restart
      const [absence] = await absencesOf(second, started.id, 1);
      expect(absence).toMatchObject({ actor: 'timer', commandId: `inactive:${waiting?.revision}` });
      expect(absence?.data['idleSince']).toBeLessThanOrEqual(Math.ceil(waiting?.committedAt ?? Number.NaN));
      expect(absence?.data['idleSince']).toBeLessThan(restartedAt);
      // And the CPUs play the match to its end
      const finished = await eventually(async () => (await postGraphQL<{ match: TestView }>(urlOf(second).graphql, 'query($id: ID!) { match(id: $id) { status seats { handedToCpu previous { player } } } }', { id: started.id })).data?.match, (m) => m?.status === 'finished', 30_000);
      expect(finished?.seats).toContainEqual({ handedToCpu: true, previous: { player: 'ann' } });
      expect((await auditOf(second, started.id)).filter((e) => e.type === 'PlayerAbsent')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
