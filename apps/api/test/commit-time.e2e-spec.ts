import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, JOIN, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

const UPDATED = 'subscription($id: ID!) { matchUpdated(id: $id) { id revision committedAt } }';
const BID_STAMPED = 'mutation($input: PlaceBidInput!) { placeBid(input: $input) { id revision committedAt } }';

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  server = await startTestApi();
  const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  [alice, bob] = await Promise.all([TestPlayer.register(url, 'alice'), TestPlayer.register(url, 'bob')]);
});
afterAll(async () => {
  await bob.close();
  await server.stop();
});

describe("a view's commit time (what bench:api times pushes from)", () => {
  it('given a bid, then its reply and the push a spectator gets carry the same commit time, between the request start and the reply', async () => {
    const created = await alice.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const id = created.data?.createMatch.id ?? '';
    await bob.send(JOIN, { input: { matchId: id, commandId: commandId() } });
    const started = await alice.send<{ startMatch: TestView }>(START, { input: { matchId: id, commandId: commandId() } });
    const view = started.data?.startMatch as TestView;
    const actor = view.seats.find((s) => s.seat === view.toAct)?.player === 'alice' ? alice : bob;
    const pushes: { revision: string; committedAt: number | null }[] = [];
    const socket = await bob.connect();
    const heard = new Promise<void>((resolve) =>
      socket.subscribe<{ matchUpdated: { revision: string; committedAt: number | null } }>(
        { query: UPDATED, variables: { id } },
        { next: ({ data }) => (data && pushes.push(data.matchUpdated), pushes.length >= 2 && resolve()), error: () => undefined, complete: () => undefined },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const before = performance.timeOrigin + performance.now();
    const reply = await actor.send<{ placeBid: TestView & { committedAt: number } }>(BID_STAMPED, { input: { matchId: id, commandId: commandId(), quantity: 1, face: 3 } });
    const after = performance.timeOrigin + performance.now();
    await heard;

    const bid = reply.data?.placeBid;
    expect(bid?.committedAt).toBeGreaterThanOrEqual(before);
    expect(bid?.committedAt).toBeLessThanOrEqual(after);
    expect(pushes.find((p) => p.revision === bid?.revision)?.committedAt).toBe(bid?.committedAt);
  });
});
