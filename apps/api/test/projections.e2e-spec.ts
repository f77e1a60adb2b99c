import { eventually } from './support/eventually';
import { postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, JOIN, ME, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

const SEARCH = `query($filter: MatchFilter, $first: Int, $after: String) {
  matches(filter: $filter, first: $first, after: $after) { nodes { id family kind ranked status players winner rounds } endCursor hasNextPage } }`;
const AUDIT = `query($id: ID!, $audience: AuditAudience) { matchAudit(id: $id, audience: $audience) { redacted total entries { index type actor commandId at outcome data } } }`;
const REPLAY = `query($id: ID!, $from: Int, $count: Int) { matchReplay(id: $id, from: $from, count: $count) { total full steps { step type state } } }`;
const VIEWED = `query($id: ID!, $seat: String, $full: Boolean) { matchReplay(id: $id, count: 1000, seat: $seat, full: $full, history: false) { total full seat steps { index type event state actor commandId } } }`;
type Step = { index: number | null; type: string; event: string; state: string; actor: string | null; commandId: string | null };
type Viewed = { matchReplay: { full: boolean; seat: string | null; steps: Step[] } };
const BOARD = `query($family: String!) { leaderboard(family: $family) { nodes { player name rating matches } } }`;
const HISTORY = `query($player: ID!, $family: String!) { ratingHistory(player: $player, family: $family) { nodes { matchId place before after } } }`;
const STATS = `query($player: ID!) { playerStats(player: $player) { family matches wins placements bids bluffRate challenges } }`;
const GLOBAL = `query { globalStats(family: "perudo") { family tableSize matches rounds openingBidHoldRate } }`;
const STATUS = `query { projectionStatus { name position events failure { error } } }`;

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let alice: TestPlayer;
let bob: TestPlayer;
let root: TestPlayer;

async function idOf(player: TestPlayer): Promise<string> {
  const response = await player.send<{ me: { id: string } }>(ME, {});
  return response.data?.me.id ?? '';
}

async function rankedMatch(): Promise<TestView> {
  const created = await alice.send<{ createMatch: TestView }>(CREATE, {
    input: { commandId: commandId('create'), ruleset: 'PERUDO', ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
  });
  const id = created.data?.createMatch.id ?? '';
  await bob.send(JOIN, { input: { matchId: id, commandId: commandId() } });
  await alice.send(START, { input: { matchId: id, commandId: commandId() } });
  return alice.view(id);
}

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  [alice, bob, root] = await Promise.all([TestPlayer.register(url, 'alice'), TestPlayer.register(url, 'bob'), TestPlayer.registerAdmin(url, 'root')]);
});
afterAll(() => server.stop());

describe('the read side through GraphQL', () => {
  it('given a running match, then the public audit hides the hands in play and moderators see no more before the end', async () => {
    const match = await rankedMatch();
    const audit = await eventually(
      () => postGraphQL<{ matchAudit: { redacted: boolean; entries: { type: string; data: string }[] } }>(url.graphql, AUDIT, { id: match.id }),
      (r) => (r.data?.matchAudit.entries ?? []).some((e) => e.type === 'RoundStarted'),
    );
    expect(audit.data?.matchAudit.redacted).toBe(true);
    const rolled = audit.data?.matchAudit.entries.find((e) => e.type === 'RoundStarted');
    expect(JSON.parse(rolled?.data ?? '{}').dice).toBeNull();
    expect(JSON.stringify(audit)).not.toContain('sealedSeed');
    const denied = await alice.send(AUDIT, { id: match.id, audience: 'MODERATOR' });
    expect(denied.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    const moderator = await root.send<{ matchAudit: { redacted: boolean; entries: { type: string; data: string }[] } }>(AUDIT, { id: match.id, audience: 'MODERATOR' });
    expect(moderator.data?.matchAudit.redacted).toBe(true);
    // Not the flag alone: the hands of the round in play are not in what a moderator gets either.
    const moderatorRolls = moderator.data?.matchAudit.entries.filter((e) => e.type === 'RoundStarted').map((e) => JSON.parse(e.data).dice);
    expect(moderatorRolls).toEqual([null]);
  });

  it("given a running match, then a seat's replay shows its own dice to its player only, and every hand to no one", async () => {
    const match = await rankedMatch();
    const mine = match.me ?? '';
    const own = await eventually(
      () => alice.send<Viewed>(VIEWED, { id: match.id, seat: mine }),
      (r) => (r.data?.matchReplay.steps ?? []).some((s) => s.type === 'RoundStarted'),
    );
    const roll = (own.data?.matchReplay.steps ?? []).find((s) => s.type === 'RoundStarted') ?? { event: '{}', state: '{}' };
    expect(Object.keys(JSON.parse(roll.event).dice)).toEqual([mine]);
    expect(JSON.parse(roll.state).myDice).toHaveLength(5);
    const refused = async (player: TestPlayer, variables: Record<string, unknown>) => (await player.send(VIEWED, { id: match.id, ...variables })).errors?.[0];
    expect((await refused(bob, { seat: mine }))?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await refused(root, { full: true }))?.extensions?.['code']).toBe('NOT_FINISHED');
    expect((await refused(alice, { seat: 's9' }))?.message).toMatch(/^seat: one of s1, s2/);
  });

});

describe('given a finished ranked match, through GraphQL', () => {
  let match: TestView;
  let done: TestView;
  let winnerId: string;
  let bobId: string;

  beforeAll(async () => {
    match = await rankedMatch();
    done = await playOut(match.id, [alice, bob]);
    const aliceId = await idOf(alice);
    bobId = await idOf(bob);
    winnerId = done.seats.find((s) => s.seat === done.winner)?.player === 'alice' ? aliceId : bobId;
    // The read side follows the log asynchronously: wait until the match list shows the end.
    await eventually(
      () => postGraphQL<{ matches: { nodes: { id: string }[] } }>(url.graphql, SEARCH, { filter: { status: 'FINISHED', ranked: true } }),
      (r) => (r.data?.matches.nodes ?? []).some((n) => n.id === match.id),
    );
  });

  it('then the search finds it by player, ranked and status, and not under another family', async () => {
    const search = await postGraphQL<{ matches: { nodes: { id: string; family: string; status: string }[] } }>(url.graphql, SEARCH, { filter: { player: bobId, ranked: true, status: 'FINISHED' } });
    expect(search.data?.matches.nodes.map((n) => [n.id, n.family, n.status])).toEqual([[match.id, 'PERUDO', 'FINISHED']]);
    const none = await postGraphQL<{ matches: { nodes: unknown[] } }>(url.graphql, SEARCH, { filter: { player: bobId, family: 'CLASSIC' } });
    expect(none.data?.matches.nodes).toEqual([]);
    const mine = await bob.send<{ matches: { nodes: { id: string }[] } }>(SEARCH, { filter: { mine: true, status: 'FINISHED' } });
    expect(mine.data?.matches.nodes.map((n) => n.id)).toContain(match.id);
  });

  it('then moderators get the whole audit trail, with actors and command ids, and the replay ends on the result', async () => {
    const trail = await root.send<{ matchAudit: { redacted: boolean; entries: { type: string; actor: string | null; commandId: string | null; data: string }[] } }>(AUDIT, { id: match.id, audience: 'MODERATOR' });
    expect(trail.data?.matchAudit.redacted).toBe(false);
    // Every round's hands, as the finished match revealed them.
    const rolls = trail.data?.matchAudit.entries.filter((e) => e.type === 'RoundStarted').map((e) => JSON.parse(e.data).dice);
    expect(rolls).toEqual(done.history.map((round) => Object.fromEntries(round.hands.map((hand) => [hand.seat, hand.dice]))));
    expect(trail.data?.matchAudit.entries.find((e) => e.type === 'BidPlaced')).toMatchObject({ actor: expect.stringMatching(/^account:/), commandId: expect.any(String) });
    const replay = await postGraphQL<{ matchReplay: { total: number; steps: { state: string }[] } }>(url.graphql, REPLAY, { id: match.id, from: 0, count: 1000 });
    const steps = replay.data?.matchReplay.steps ?? [];
    expect(steps).toHaveLength(replay.data?.matchReplay.total ?? -1);
    expect(JSON.parse(steps.at(-1)?.state ?? '{}')).toMatchObject({ status: 'finished', winner: done.winner });
  });

  it('then anyone may replay it with every hand or from any seat, each step with its event; actors only for staff', async () => {
    const full = await postGraphQL<Viewed>(url.graphql, VIEWED, { id: match.id, full: true });
    expect(full.data?.matchReplay.full).toBe(true);
    const rolls = full.data?.matchReplay.steps.filter((s) => s.type === 'RoundStarted') ?? [];
    for (const roll of rolls) expect(Object.keys(JSON.parse(roll.event).dice)).toHaveLength(2);
    // The store's fields (revision, actor, command id) reach moderators and admins only
    expect(full.data?.matchReplay.steps.every((s) => s.index === null && s.actor === null && s.commandId === null)).toBe(true);
    const staff = await root.send<Viewed>(VIEWED, { id: match.id, full: true });
    const bid = staff.data?.matchReplay.steps.find((s) => s.type === 'BidPlaced');
    expect(bid).toMatchObject({ index: expect.any(Number), actor: expect.stringMatching(/^account:/), commandId: expect.any(String) });
    expect((await bob.send<Viewed>(VIEWED, { id: match.id, full: true })).data?.matchReplay.steps.some((s) => s.actor !== null)).toBe(false);
    const seat = await postGraphQL<Viewed>(url.graphql, VIEWED, { id: match.id, seat: 's2' });
    expect(seat.data?.matchReplay).toMatchObject({ full: false, seat: 's2' });
    const histories = seat.data?.matchReplay.steps.map((s) => (JSON.parse(s.state) as { history: unknown[] }).history.length) ?? [];
    expect(Math.max(...histories)).toBe(1);
  });

  it('then the ladder and the rating history rank the winner first', async () => {
    const board = await postGraphQL<{ leaderboard: { nodes: { player: string; matches: number }[] } }>(url.graphql, BOARD, { family: 'perudo' });
    expect(board.data?.leaderboard.nodes.map((n) => n.matches)).toEqual([1, 1]);
    expect(board.data?.leaderboard.nodes[0]?.player).toBe(winnerId);
    const history = await postGraphQL<{ ratingHistory: { nodes: { matchId: string; place: number }[] } }>(url.graphql, HISTORY, { player: winnerId, family: 'perudo' });
    expect(history.data?.ratingHistory.nodes).toEqual([expect.objectContaining({ matchId: match.id, place: 1 })]);
  });

  it('then player and global stats count it, and /metrics shows no lag left', async () => {
    const stats = await postGraphQL<{ playerStats: { family: string; matches: number; wins: number }[] }>(url.graphql, STATS, { player: winnerId });
    expect(stats.data?.playerStats.map((s) => [s.family, s.matches, s.wins])).toEqual([['perudo', 1, 1], ['all', 1, 1]]);
    const global = await postGraphQL<{ globalStats: { tableSize: string; matches: number }[] }>(url.graphql, GLOBAL);
    expect(global.data?.globalStats.find((g) => g.tableSize === '2')?.matches).toBe(1);
    const status = await postGraphQL<{ projectionStatus: { failure: unknown }[] }>(url.graphql, STATUS);
    expect(status.data?.projectionStatus.every((s) => s.failure === null)).toBe(true);
    const metrics = await (await fetch(`${server.api.url}/metrics`)).text();
    expect(metrics).toContain('liars_dice_projection_lag_seconds_bucket');
    expect(metrics).toMatch(/liars_dice_projection_events_behind\{projection="rating"\} 0/);
  });

  it('then /metrics shows the heap of every thread, the SQLite writer\'s and the WAL checkpointer\'s included', async () => {
    const heapOf = (text: string, thread: string) => Number(new RegExp(`^liars_dice_thread_memory_bytes\\{thread="${thread}",kind="heapUsed"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const threads = ['main', 'projections', 'sqlite-writer', 'wal-checkpoint'];
    const metrics = await eventually(async () => (await fetch(`${server.api.url}/metrics`)).text(), (text) => threads.every((thread) => heapOf(text, thread) > 0));
    for (const thread of threads) expect(heapOf(metrics, thread)).toBeGreaterThan(0);
  });
});
