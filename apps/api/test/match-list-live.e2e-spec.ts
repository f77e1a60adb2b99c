import type { Client } from 'graphql-ws';
import { Feed, openSocket } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, JOIN, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(90_000);

const LIST_UPDATED = 'subscription($filter: MatchFilter) { matchListUpdated(filter: $filter) { reason changed { id status players seats { kind name } freeSeats winner lobbyExpiresAt } } }';
type Row = { id: string; status: string; players: (string | null)[]; seats: { kind: string; name: string | null }[]; freeSeats: number; winner: string | null; lobbyExpiresAt: number | null };
type Push = { reason: string; changed: Row[] };

let server: Awaited<ReturnType<typeof startTestApi>>;
let url: { graphql: string; ws: string };
let alice: TestPlayer;
let bob: TestPlayer;
let watcher: TestPlayer;

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  [alice, bob, watcher] = (await Promise.all(['alice', 'bob', 'watcher'].map((name) => TestPlayer.register(url, name)))) as [TestPlayer, TestPlayer, TestPlayer];
});
afterAll(async () => {
  await Promise.all([alice, bob, watcher].map((p) => p?.close()));
  await server.stop();
});

const list = (client: Client, filter: Record<string, unknown>) => new Feed<Push>(client, LIST_UPDATED, { filter }, (d) => d['matchListUpdated'] as Push);

/** A subscription's first answer: its error, or null once it pushed. */
function firstError(client: Client, variables: Record<string, unknown>, query = LIST_UPDATED): Promise<{ message: string; extensions?: Record<string, unknown> } | null> {
  return new Promise((resolve) => {
    client.subscribe<Record<string, unknown>>(
      { query, variables },
      {
        // A refused subscription pushes its errors once and completes; an accepted one would push SUBSCRIBED.
        next: (result) => {
          resolve((result.errors?.[0] as { message: string; extensions?: Record<string, unknown> } | undefined) ?? null);
        },
        error: (error) => resolve({ message: Array.isArray(error) ? (error as { message: string }[]).map((e) => e.message).join('; ') : String(error) }),
        complete: () => resolve({ message: 'completed without a push' }),
      },
    );
  });
}

describe('the match lists over websockets', () => {
  it('given watchers of the open lobbies and of the live tables, when a match opens, fills, starts and finishes, then each list hears its changes and no move pushes', async () => {
    // Given a guest watching both lobby lists, subscribed (the server said so)
    const guest = await openSocket(url.ws, undefined);
    const lobbies = list(guest, { status: 'LOBBY', open: true });
    const playing = list(guest, { status: 'PLAYING' });
    await Promise.all([lobbies.next((p) => p.reason === 'SUBSCRIBED'), playing.next((p) => p.reason === 'SUBSCRIBED')]);

    // When alice opens a two-human table, the open-lobbies list hears it with a free seat
    const created = await alice.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const id = (created.data as { createMatch: TestView }).createMatch.id;
    const rowIn = (feed: Feed<Push>, test: (row: Row) => boolean) =>
      feed.next((p) => p.changed.some((row) => row.id === id && test(row))).catch((error: unknown) => {
        throw new Error(`${String(error)}; it heard ${JSON.stringify(feed.values)}`);
      });
    const opened = (await rowIn(lobbies, (row) => row.status === 'LOBBY' && row.freeSeats === 1)).changed.find((row) => row.id === id);
    // (each seat's kind, and when the lobby expires, computed by the server as each row is pushed: ADRs 0030, 0048)
    expect(opened?.seats).toEqual([{ kind: 'HUMAN', name: 'alice' }, { kind: 'FREE', name: null }]);
    expect(opened?.lobbyExpiresAt).toBeGreaterThan(Date.now());
    // And when bob takes the last seat, it hears the row leave the open list (no free seat)
    await bob.send(JOIN, { input: { matchId: id, commandId: commandId() } });
    expect((await rowIn(lobbies, (row) => row.freeSeats === 0)).changed.find((row) => row.id === id)?.players).toEqual(['alice', 'bob']);
    // And when the match starts, the live list hears it
    await alice.send(START, { input: { matchId: id, commandId: commandId() } });
    expect((await rowIn(playing, (row) => row.status === 'PLAYING')).changed.find((row) => row.id === id)?.lobbyExpiresAt).toBeNull();
    const pushesAtStart = playing.values.length;

    // When the two play it out (every bid and call a command)
    const moves = { count: 0 };
    const counting = [alice, bob].map((player) => Object.assign(Object.create(player) as TestPlayer, { act: (view: TestView) => (moves.count++, player.act(view)) }));
    const finished = await playOut(id, counting);

    // Then the live list hears the row leave with its winner — one push for the finish, none for the moves
    const end = await rowIn(playing, (row) => row.status === 'FINISHED');
    expect(end.changed.find((row) => row.id === id)?.winner).toBe(finished.seats.find((seat) => seat.seat === finished.winner)?.player);
    expect(moves.count).toBeGreaterThan(5);
    expect(playing.values.slice(pushesAtStart)).toEqual([end]);
    // And the open-lobbies list heard nothing after the table filled
    expect(lobbies.values.filter((p) => p.changed.some((row) => row.status !== 'LOBBY'))).toEqual([]);
    lobbies.stop();
    playing.stop();
    await guest.dispose();
  });

  it('given a bad filter, when subscribing, then the refusal names what was wrong', async () => {
    const guest = await openSocket(url.ws, undefined);
    // mine without a token
    expect(await firstError(guest, { filter: { mine: true } })).toMatchObject({ message: 'filter.mine: sign in first', extensions: { code: 'UNAUTHENTICATED' } });
    // a time that is not ISO-8601
    expect(await firstError(guest, { filter: { openedFrom: 'yesterday' } })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringContaining('filter.openedFrom') });
    // an unknown status, and an id too long for any account
    expect((await firstError(guest, { filter: { status: 'NOPE' } }))?.message).toMatch(/NOPE/);
    expect(await firstError(guest, { filter: { player: 'x'.repeat(500) } })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringContaining('filter.player') });
    await guest.dispose();
  });

  it('given a signed-in player watching their own matches, then only their matches reach them', async () => {
    // Given bob watching `mine`
    const own = list(await watcher.connect(), { mine: true });
    await own.next((p) => p.reason === 'SUBSCRIBED');
    // When alice opens a table, and then the watcher opens one
    await alice.send(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const mine = await watcher.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const id = (mine.data as { createMatch: TestView }).createMatch.id;
    // Then the watcher hears its own and never alice's
    await own.next((p) => p.changed.some((row) => row.id === id));
    expect(own.values.flatMap((p) => p.changed.map((row) => row.id))).toEqual([id]);
    own.stop();
  });
});
