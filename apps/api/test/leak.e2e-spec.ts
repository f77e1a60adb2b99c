import jwt from 'jsonwebtoken';
import { Feed, openSocket, postGraphQL, Wiretap } from './support/graphql-client';
import { handsOf, leaksIn } from './support/leak-check';
import { commandId, TestPlayer, type TestView } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, JOIN, ME, START, UPDATED } from './support/queries';
import { startTestApi, TEST_JWT_SECRET } from './support/test-api';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
});
afterAll(() => server.stop());

describe.each(['CLASSIC', 'PERUDO', 'REVOLVER'])('the leak test, %s', (ruleset) => {
  it('given three humans and a CPU playing to the end over HTTP and websockets, then no payload shows another hand before the reveal', async () => {
    const players = await Promise.all([1, 2, 3].map((n) => TestPlayer.register(url, `${ruleset.toLowerCase()}-p${n}`)));
    const [host, second, third] = players as [TestPlayer, TestPlayer, TestPlayer];
    const created = await host.send<{ createMatch: TestView }>(CREATE, {
      input: { commandId: commandId(), ruleset, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU' }] },
    });
    const matchId = (created.data as { createMatch: TestView }).createMatch.id;
    await second.send(JOIN, { input: { matchId, commandId: commandId() } });
    await third.send(JOIN, { input: { matchId, commandId: commandId() } });
    const spectatorTap = new Wiretap();
    const spectator = await openSocket(url.ws, undefined, spectatorTap);
    const feeds = [...(await Promise.all(players.map((p) => p.connect()))), spectator].map(
      (socket) => new Feed<TestView>(socket, UPDATED, { id: matchId }, (data) => data['matchUpdated'] as TestView),
    );
    await host.send(START, { input: { matchId, commandId: commandId() } });

    const finished = await playOut(matchId, players, { viaSocket: (p) => p === second });
    await Promise.all(feeds.map((feed) => feed.next((view) => view.status === 'finished')));

    // Every subscriber heard the match move forward only, each revision once, up to the last one.
    for (const feed of feeds) {
      const revisions = feed.values.map((view) => BigInt(view.revision));
      expect(revisions.every((revision, i) => i === 0 || revision > (revisions[i - 1] as bigint))).toBe(true);
      expect(revisions.at(-1)).toBe(BigInt(finished.revision));
    }
    const hands = handsOf(finished);
    const taps = [...players.map((p) => p.tap), spectatorTap];
    const payloads = taps.flatMap((tap) => tap.payloads);
    expect(payloads.length).toBeGreaterThan(finished.history.length * 4);
    expect(payloads.flatMap((payload) => leaksIn(payload, matchId, hands))).toEqual([]);
    // The check has teeth: a view of a round in play carrying someone else's hand is caught.
    const inPlay = feeds[0]?.values.find((view) => view.round !== null) as TestView;
    const other = [...(hands.get(inPlay.round?.number ?? 0)?.entries() ?? [])].find(([seat]) => seat !== inPlay.me);
    expect(leaksIn(JSON.stringify({ data: { match: { ...inPlay, myDice: other?.[1] } } }), matchId, hands)).not.toEqual([]);
    for (const feed of feeds) feed.stop();
    await spectator.dispose();
    await Promise.all(players.map((p) => p.close()));
  });
});

describe('tokens', () => {
  /** The answer over a websocket: the socket is accepted, each operation is refused like the HTTP request. */
  async function overSocket(token: string): Promise<{ message: string; extensions?: Record<string, unknown> }[]> {
    const socket = await openSocket(url.ws, token);
    try {
      return await new Promise((resolve) => {
        socket.subscribe({ query: ME }, { next: (r) => resolve((r.errors ?? []) as never), error: (e) => resolve(e as never), complete: () => resolve([]) });
      });
    } finally {
      await socket.dispose();
    }
  }

  it('given a forged, unsigned, expiry-less, expired or garbage token, when it is used over HTTP or a websocket, then it is HTTP 401 / UNAUTHENTICATED on both', async () => {
    const player = await TestPlayer.register(url, 'token-owner');
    const claims = jwt.decode(player.token) as { sub: string; name: string; role: string; exp: number };
    const forged = jwt.sign({ sub: claims.sub, name: claims.name, role: 'admin' }, 'not-the-server-secret-0123456789abcdef', { expiresIn: 600 });
    const roleChanged = `${player.token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${player.token.split('.')[2]}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.`;
    const noExpiry = jwt.sign({ sub: claims.sub, name: claims.name, role: claims.role }, TEST_JWT_SECRET);
    const expired = jwt.sign({ sub: claims.sub, name: claims.name, role: claims.role, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET);

    for (const token of [forged, roleChanged, unsigned, noExpiry, expired, `${player.token}x`, 'garbage']) {
      const response = await postGraphQL(url.graphql, ME, {}, token);
      expect({ token, status: response.status, code: response.errors?.[0]?.extensions?.['code'] }).toEqual({ token, status: 401, code: 'UNAUTHENTICATED' });
      expect(response.data ?? null).toBeNull();
      expect((await overSocket(token))[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    }
    const genuine = await postGraphQL<{ me: { name: string } }>(url.graphql, ME, {}, player.token);
    expect(genuine.data?.me.name).toBe('token-owner');
  });

  it('given a well-signed token for an account that does not exist, then it is refused; the role comes from the account, not the claim', async () => {
    const ghost = jwt.sign({ sub: '00000000-0000-4000-8000-000000000000', name: 'ghost', role: 'admin' }, TEST_JWT_SECRET, { expiresIn: 600 });
    const refused = await postGraphQL(url.graphql, ME, {}, ghost);
    expect([refused.status, refused.errors?.[0]?.extensions?.['code']]).toEqual([401, 'UNAUTHENTICATED']);
    const player = await TestPlayer.register(url, 'claims-admin');
    const claims = jwt.decode(player.token) as { sub: string; name: string };
    const promoted = jwt.sign({ sub: claims.sub, name: claims.name, role: 'admin' }, TEST_JWT_SECRET, { expiresIn: 600 });
    expect((await postGraphQL<{ me: { role: string } }>(url.graphql, ME, {}, promoted)).data?.me.role).toBe('PLAYER');
  });
});
