import type { Client } from 'graphql-ws';
import { eventually } from './support/eventually';
import { Feed, openSocket, postGraphQL } from './support/graphql-client';
import { GRANT } from './support/moderation';
import { commandId, TestPlayer, type TestView } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, JOIN, LEAVE, MATCHES, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(90_000);

const LIST_UPDATED = 'subscription($filter: MatchFilter) { matchListUpdated(filter: $filter) { reason changed { id status freeSeats } } }';
const UPDATED = 'subscription($id: ID!) { matchUpdated(id: $id) { id status revision } }';
const AUDIT = 'query($id: ID!) { matchAudit(id: $id) { entries { type outcome data } } }';
type Push = { reason: string; changed: { id: string; status: string; freeSeats: number }[] };
type Listed = { id: string; status: string };

let server: Awaited<ReturnType<typeof startTestApi>>;
let url: { graphql: string; ws: string };
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  [alice, bob] = (await Promise.all(['alice', 'bob'].map((name) => TestPlayer.register(url, name)))) as [TestPlayer, TestPlayer];
});
afterAll(async () => {
  await Promise.all([alice, bob].map((p) => p?.close()));
  await server.stop();
});

async function create(host: TestPlayer, seats: readonly Record<string, unknown>[], options?: Record<string, unknown>): Promise<TestView> {
  const response = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'CLASSIC', seats, options } });
  if (!response.data) throw new Error(JSON.stringify(response.errors));
  return response.data.createMatch;
}

const listed = async (filter: Record<string, unknown>) => (await postGraphQL<{ matches: { nodes: Listed[] } }>(url.graphql, MATCHES, { filter, first: 100 })).data?.matches.nodes ?? [];

/** Every view a `matchUpdated` subscription pushes, and whether (and how) the server ended it. */
function watch(client: Client, id: string) {
  const seen: { status: string; revision: string }[] = [];
  const ended = new Promise<'complete' | 'error'>((resolve) => {
    client.subscribe<{ matchUpdated: { status: string; revision: string } }>(
      { query: UPDATED, variables: { id } },
      { next: ({ data }) => void (data && seen.push(data.matchUpdated)), error: () => resolve('error'), complete: () => resolve('complete') },
    );
  });
  return { seen, ended };
}

const within = <T>(promise: Promise<T>, ms = 15_000): Promise<T | 'still open'> => Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('a lobby everyone left', () => {
  it('given alice alone at her lobby with a watcher of the lists, when she leaves, then it is closed in the view, the list, its pushes and the audit, and refuses joins', async () => {
    // Given a guest watching the open lobbies and the closed ones
    const guest = await openSocket(url.ws, undefined);
    const open = new Feed<Push>(guest, LIST_UPDATED, { filter: { status: 'LOBBY', open: true } }, (d) => d['matchListUpdated'] as Push);
    const closed = new Feed<Push>(guest, LIST_UPDATED, { filter: { status: 'CLOSED' } }, (d) => d['matchListUpdated'] as Push);
    await Promise.all([open.next((p) => p.reason === 'SUBSCRIBED'), closed.next((p) => p.reason === 'SUBSCRIBED')]);
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU' }]);
    await open.next((p) => p.changed.some((row) => row.id === match.id));

    // When she leaves, the last one seated
    const left = await alice.send<{ leaveMatch: TestView }>(LEAVE, { input: { matchId: match.id, commandId: commandId() } });

    // Then her answer, anyone's view, the pushes and the list (filtered by status) say closed
    expect(left.data?.leaveMatch.status).toBe('closed');
    expect((await bob.view(match.id)).status).toBe('closed');
    await closed.next((p) => p.changed.some((row) => row.id === match.id && row.status === 'CLOSED'));
    await open.next((p) => p.changed.some((row) => row.id === match.id && row.status === 'CLOSED'));
    expect((await eventually(() => listed({ status: 'CLOSED' }), (rows) => rows.some((r) => r.id === match.id))).map((r) => r.id)).toContain(match.id);
    expect((await listed({ status: 'LOBBY', open: true })).map((r) => r.id)).not.toContain(match.id);
    // And the audit names who left last
    const audit = await postGraphQL<{ matchAudit: { entries: { type: string; outcome: string; data: string }[] } }>(url.graphql, AUDIT, { id: match.id });
    const entry = audit.data?.matchAudit.entries.find((e) => e.type === 'LobbyClosed');
    expect(entry?.outcome).toBe('the lobby is closed: alice was the last to leave before it started');
    expect(JSON.parse(entry?.data ?? '{}')).toEqual({ reason: 'empty', lastLeft: { id: expect.any(String), name: 'alice' } });

    // And nobody may sit or start there any more, told why
    for (const [who, command] of [[bob, JOIN], [alice, JOIN], [alice, START]] as const) {
      const refused = await who.send(command, { input: { matchId: match.id, commandId: commandId() } });
      expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^the lobby was closed/), extensions: { code: 'LOBBY_CLOSED' } });
    }
    open.stop();
    closed.stop();
    await guest.dispose();
  });

  it('given alice and bob at a lobby, when bob leaves, then it stays open; when alice leaves too, then it closes', async () => {
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }]);
    await bob.send(JOIN, { input: { matchId: match.id, commandId: commandId() } });
    const bobLeft = await bob.send<{ leaveMatch: TestView }>(LEAVE, { input: { matchId: match.id, commandId: commandId() } });
    expect(bobLeft.data?.leaveMatch.status).toBe('lobby');
    const aliceLeft = await alice.send<{ leaveMatch: TestView }>(LEAVE, { input: { matchId: match.id, commandId: commandId() } });
    expect(aliceLeft.data?.leaveMatch.status).toBe('closed');
  });
});

const CLOSE = 'mutation($input: MatchCommandInput!) { closeLobby(input: $input) { id status closing { reason by } } }';
type Closed = { closeLobby: { id: string; status: string; closing: { reason: string; by: string } | null } };

describe('a lobby its host closes (ADR 0044)', () => {
  it('given alice watching a lobby only CPUs fill, when she closes it, then it is closed as cancelled in her answer, the view, the list and the audit', async () => {
    const match = await create(alice, [{ kind: 'CPU' }, { kind: 'CPU', difficulty: 'EASY' }]);
    expect(match.me).toBeNull();
    // Nobody holds a seat there, so nobody can leave it: without this mutation it would stay a lobby for ever
    expect((await alice.send(LEAVE, { input: { matchId: match.id, commandId: commandId() } })).errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const refused = await bob.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: commandId() } });
    expect(refused.errors?.[0]).toMatchObject({ message: 'only the host (or an admin) closes the lobby', extensions: { code: 'FORBIDDEN' } });

    const closed = await alice.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: commandId() } });

    expect(closed.data?.closeLobby).toEqual({ id: match.id, status: 'closed', closing: { reason: 'cancelled', by: 'alice' } });
    expect((await bob.view(match.id)).status).toBe('closed');
    expect((await eventually(() => listed({ status: 'CLOSED' }), (rows) => rows.some((r) => r.id === match.id))).map((r) => r.id)).toContain(match.id);
    const audit = await postGraphQL<{ matchAudit: { entries: { type: string; outcome: string }[] } }>(url.graphql, AUDIT, { id: match.id });
    expect(audit.data?.matchAudit.entries.find((e) => e.type === 'LobbyClosed')?.outcome).toBe('the lobby is closed: alice closed it before it started');
    const start = await alice.send(START, { input: { matchId: match.id, commandId: commandId() } });
    expect(start.errors?.[0]).toMatchObject({ message: 'the lobby was closed: alice closed it before it started; open a new match', extensions: { code: 'LOBBY_CLOSED' } });
  });

  it('given alice’s lobby with bob seated, when bob or a moderator closes it, then FORBIDDEN says why; when the admin does, it is closed naming the admin', async () => {
    // Given alice hosting with bob seated, an admin (the setup token's) and a moderator the admin made
    const [root, mod] = await Promise.all([TestPlayer.registerAdmin(url, 'root'), TestPlayer.register(url, 'mod')]);
    const granted = await root!.send<{ grantRole: { role: string } }>(GRANT, { name: 'mod', role: 'MODERATOR' });
    expect(granted.data?.grantRole.role).toBe('MODERATOR');
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU' }]);
    expect((await bob.send(JOIN, { input: { matchId: match.id, commandId: commandId() } })).errors).toBeUndefined();
    // When a seated player who is not the host, or a moderator, closes it: refused, naming who may
    for (const other of [bob, mod!]) {
      const refused = await other.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: commandId() } });
      expect(refused.errors?.[0]).toMatchObject({ message: 'only the host (or an admin) closes the lobby', extensions: { code: 'FORBIDDEN' } });
    }
    expect((await alice.view(match.id)).status).toBe('lobby');

    // When the admin, neither host nor seated, closes it
    const closed = await root!.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: commandId() } });

    // Then it is closed as cancelled by the admin: in the answer, the host's view, the audit and what the host is told next
    expect(closed.errors).toBeUndefined();
    expect(closed.data?.closeLobby).toEqual({ id: match.id, status: 'closed', closing: { reason: 'cancelled', by: 'root' } });
    const seen = await alice.view(match.id);
    expect(seen.status).toBe('closed');
    // The audit is a read model: it follows the store within the projections' lag
    const closing = async () => (await postGraphQL<{ matchAudit: { entries: { type: string; outcome: string }[] } }>(url.graphql, AUDIT, { id: match.id })).data?.matchAudit.entries.find((e) => e.type === 'LobbyClosed')?.outcome;
    expect(await eventually(closing, (outcome) => outcome !== undefined)).toBe('the lobby is closed: root closed it before it started');
    const start = await alice.send(START, { input: { matchId: match.id, commandId: commandId() } });
    expect(start.errors?.[0]).toMatchObject({ message: 'the lobby was closed: root closed it before it started; open a new match', extensions: { code: 'LOBBY_CLOSED' } });
    await Promise.all([root, mod].map((p) => p?.close()));
  });

  it('given a started match, when its host closes it, then it is refused with NOT_IN_LOBBY', async () => {
    const match = await create(alice, [{ kind: 'CPU' }, { kind: 'CPU' }]);
    await alice.send(START, { input: { matchId: match.id, commandId: commandId() } });
    const refused = await alice.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: commandId() } });
    expect(refused.errors?.[0]).toMatchObject({ message: 'the match has already started', extensions: { code: 'NOT_IN_LOBBY' } });
  });

  it('given bad input, when closing, then it is refused naming what was wrong, and a guest is told to sign in', async () => {
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'CPU' }]);
    const noId = await alice.send<Closed>(CLOSE, { input: { matchId: match.id } });
    expect(noId.errors?.[0]?.message).toMatch(/commandId/);
    const badId = await alice.send<Closed>(CLOSE, { input: { matchId: match.id, commandId: 'no spaces allowed' } });
    expect(badId.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const unknown = await alice.send<Closed>(CLOSE, { input: { matchId: 'no-such-match', commandId: commandId() } });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const guest = await postGraphQL<Closed>(url.graphql, CLOSE, { input: { matchId: match.id, commandId: commandId() } });
    expect(guest.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await bob.view(match.id)).status).toBe('lobby');
  });
});

describe('a subscription to a match that is over', () => {
  it('given a watcher of a live match, when the match finishes, then the final view is its last push and the server completes it', async () => {
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'CPU', difficulty: 'EASY' }], { startingDice: 3 });
    await alice.send(START, { input: { matchId: match.id, commandId: commandId() } });
    const socket = await openSocket(url.ws, bob.token);
    const live = watch(socket, match.id);

    await playOut(match.id, [alice]);

    expect(await within(live.ended)).toBe('complete');
    expect(live.seen.at(-1)?.status).toBe('finished');
    expect(live.seen.filter((view) => view.status === 'finished')).toHaveLength(1);

    // And a subscription opened on the finished match gets the final view at once, then completes
    const late = watch(socket, match.id);
    expect(await within(late.ended)).toBe('complete');
    expect(late.seen.map((view) => view.status)).toEqual(['finished']);
    await socket.dispose();
  });

  it('given a closed lobby, when someone subscribes to it, then they get its closed view and the subscription completes', async () => {
    const match = await create(alice, [{ kind: 'HUMAN' }, { kind: 'HUMAN' }]);
    const socket = await openSocket(url.ws, undefined);
    const watching = watch(socket, match.id);
    await eventually(async () => watching.seen.length, (n) => n > 0);
    await alice.send(LEAVE, { input: { matchId: match.id, commandId: commandId() } });
    expect(await within(watching.ended)).toBe('complete');
    expect(watching.seen.map((view) => view.status)).toEqual(['lobby', 'closed']);
    const late = watch(socket, match.id);
    expect(await within(late.ended)).toBe('complete');
    expect(late.seen.map((view) => view.status)).toEqual(['closed']);
    await socket.dispose();
  });
});
