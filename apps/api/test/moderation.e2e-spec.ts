import { EventBus } from '@nestjs/cqrs';
import { PlayerSanctioned, PlayerSanctionLifted } from '@liars-dice/server-moderation';
import { eventually } from './support/eventually';
import { Feed, postGraphQL } from './support/graphql-client';
import {
  APPEAL,
  BOARD,
  CLAIM,
  DECIDE,
  DISPUTE,
  FILE,
  LOG,
  moderator,
  NOTE,
  OUTCOMES,
  PAIRS,
  QUEUE,
  RULE,
  SANCTIONS,
  startedMatch,
} from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { JOIN, ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
type Board = { player: string; rating: number; mu: number; sigma: number; matches: number }[];
type Outcome = { disputeId: string; status: string; ruling: { action: string; reason: string; sanctions: { account: string; kind: string }[] } | null; appeal: { decision: string | null } | null };

let server: Started;
let url: { graphql: string; ws: string };
let alice: TestPlayer;
let bob: TestPlayer;
let carol: TestPlayer;
let mia: TestPlayer;
let max: TestPlayer;
let bobId: string;
let boardAfterFirst: Board;
let boardAfterBoth: Board;
let disputed: string;
let disputeId: string;
/** What other features (tournaments) hear of sanctions, on the EventBus. */
const heard: unknown[] = [];

const board = async (): Promise<Board> => (await postGraphQL<{ leaderboard: { nodes: Board } }>(url.graphql, BOARD, { family: 'perudo' })).data?.leaderboard.nodes ?? [];
const REPLAY = 'query($id: ID!) { matchReplay(id: $id, full: true, count: 5) { full steps { state } } }';
const code = (response: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => response.errors?.[0]?.extensions?.['code'];

async function finishedRanked(): Promise<string> {
  const match = await startedMatch(alice, bob, true);
  await playOut(match.id, [alice, bob]);
  return match.id;
}

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  server.api.app.get(EventBus).subscribe((event) => heard.push(event));
  const root = await TestPlayer.registerAdmin(url, 'root');
  [alice, bob, carol] = await Promise.all([TestPlayer.register(url, 'alice'), TestPlayer.register(url, 'bob'), TestPlayer.register(url, 'carol')]);
  [mia, max] = await Promise.all([moderator(url, root, 'mia'), moderator(url, root, 'max')]);
  bobId = (await bob.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
  await finishedRanked();
  boardAfterFirst = await eventually(board, (b) => b.length === 2 && b.every((e) => e.matches === 1));
  disputed = await finishedRanked();
  boardAfterBoth = await eventually(board, (b) => b.every((e) => e.matches === 2));
});

afterAll(async () => {
  await Promise.all([alice, bob, mia].map((p) => p.close()));
  await server.stop();
});

describe('moderation end to end: file → claim → rule void → ratings recomputed → appeal → un-void', () => {
  type AliceUpdate = { event: string; outcome: Outcome; dispute: unknown };
  type MiaUpdate = { event: string; dispute: { notes: { text: string }[] } | null };
  let aliceFeed: Feed<AliceUpdate>;
  let miaFeed: Feed<MiaUpdate>;

  it('given a finished ranked match, a player of it files a dispute; others and repeats are refused with a clear code', async () => {
    aliceFeed = new Feed(await alice.connect(), 'subscription { moderationUpdated { event outcome { disputeId status ruling { action reason sanctions { account kind } } appeal { decision } } dispute { id } } }', {}, (d) => d['moderationUpdated'] as AliceUpdate);
    miaFeed = new Feed(await mia.connect(), 'subscription { moderationUpdated { event dispute { notes { text } } } }', {}, (d) => d['moderationUpdated'] as MiaUpdate);
    const filed = await alice.send<{ fileDispute: Outcome }>(FILE, { input: { matchId: disputed, commandId: commandId(), category: 'COLLUSION', text: 'bob never called me', steps: [1, 2] } });
    expect(filed.data?.fileDispute).toMatchObject({ status: 'OPEN', ruling: null });
    disputeId = filed.data?.fileDispute.disputeId ?? '';
    expect(code(await alice.send(FILE, { input: { matchId: disputed, commandId: commandId(), category: 'OTHER', text: 'again', steps: [] } }))).toBe('ALREADY_FILED');
    expect(code(await carol.send(FILE, { input: { matchId: disputed, commandId: commandId(), category: 'OTHER', text: 'I saw it', steps: [] } }))).toBe('NOT_A_PLAYER');
    expect(code(await alice.send(FILE, { input: { matchId: disputed, commandId: commandId(), category: 'OTHER', text: 'x', steps: [9999] } }))).toBe('INVALID_DISPUTE');
  });

  it('then moderators see it in the queue, with its score; players may not', async () => {
    const queue = await eventually(
      () => mia.send<{ disputes: { nodes: { id: string; score: number; revision: number }[] } }>(QUEUE, {}),
      (r) => (r.data?.disputes.nodes ?? []).some((n) => n.id === disputeId),
    );
    expect(queue.data?.disputes.nodes[0]).toMatchObject({ id: disputeId, score: expect.any(Number) });
    expect(code(await alice.send(QUEUE, {}))).toBe('FORBIDDEN');
  });

  it('when a moderator claims it (with the revision seen), a second cannot; notes stay private', async () => {
    const claimed = await mia.send<{ claimDispute: { status: string; claimedBy: { name: string } } }>(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } });
    expect(claimed.data?.claimDispute).toMatchObject({ status: 'CLAIMED', claimedBy: { name: 'mia' } });
    expect(code(await max.send(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } }))).toBe('ALREADY_CLAIMED');
    expect(code(await alice.send(CLAIM, { input: { disputeId, commandId: commandId() } }))).toBe('FORBIDDEN');
    await mia.send(NOTE, { input: { disputeId, commandId: commandId(), text: 'private: rounds 3 to 7 look soft' } });
    await miaFeed.next((u) => u.event === 'DisputeNoteAdded');
    // The filer hears that the dispute is under review, but not that a note exists (nor what it says)
    await aliceFeed.next((u) => u.event === 'DisputeClaimed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(aliceFeed.values.some((u) => u.event === 'DisputeNoteAdded')).toBe(false);
    expect(JSON.stringify(alice.tap.payloads)).not.toContain('private: rounds 3 to 7');
  });

  it('when it rules void with a ranked ban, then the ladder is recomputed without the match and the ban refuses ranked joins', async () => {
    const ruled = await mia.send<{ ruleDispute: { status: string } }>(RULE, {
      input: { disputeId, commandId: commandId(), action: 'VOID', reason: 'soft play', sanctions: [{ account: bobId, kind: 'RANKED_BAN', days: 3 }] },
    });
    expect(ruled.errors).toBeUndefined();
    expect(ruled.data?.ruleDispute.status).toBe('RULED');
    expect(await eventually(board, (b) => JSON.stringify(b) === JSON.stringify(boardAfterFirst))).toEqual(boardAfterFirst);
    const ranked = await alice.send<{ createMatch: { id: string } }>('mutation($input: CreateMatchInput!) { createMatch(input: $input) { id } }', {
      input: { commandId: commandId(), ruleset: 'PERUDO', ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
    });
    const refused = await bob.send(JOIN, { input: { matchId: ranked.data?.createMatch.id, commandId: commandId() } });
    expect(code(refused)).toBe('RANKED_BAN');
    expect(refused.errors?.[0]?.message).toMatch(/banned from ranked play until \d{4}-/);
  });

  it('then the parties see the outcome (no notes), the log shows each their own entries, moderators all', async () => {
    const update = await aliceFeed.next((u) => u.event === 'DisputeRuled');
    expect(update).toMatchObject({ outcome: { status: 'RULED', ruling: { action: 'VOID', reason: 'soft play' } }, dispute: null });
    // Each party sees the ruling's sanctions on them only: the filer none, bob his ban
    expect(update.outcome.ruling?.sanctions).toEqual([]);
    const mine = await eventually(() => bob.send<{ disputeOutcomes: { nodes: Outcome[] } }>(OUTCOMES, {}), (r) => (r.data?.disputeOutcomes.nodes.length ?? 0) > 0);
    expect(mine.data?.disputeOutcomes.nodes[0]).toMatchObject({ disputeId, ruling: { action: 'VOID', sanctions: [{ account: bobId, kind: 'RANKED_BAN' }] } });
    const bobLog = await eventually(() => bob.send<{ moderationLog: { nodes: { action: string }[] } }>(LOG, {}), (r) => (r.data?.moderationLog.nodes.length ?? 0) >= 2);
    expect(bobLog.data?.moderationLog.nodes.map((n) => n.action).sort()).toEqual(['ruled', 'sanctioned']);
    // A ruling's details name only the reader's own sanctions: bob his ban, alice (whose match it voided) none
    type LogNode = { action: string; details: string };
    const ruledFor = async (player: TestPlayer) => {
      const log = await eventually(() => player.send<{ moderationLog: { nodes: LogNode[] } }>(LOG, {}), (r) => (r.data?.moderationLog.nodes ?? []).some((n) => n.action === 'ruled'));
      return JSON.parse(log.data?.moderationLog.nodes.find((n) => n.action === 'ruled')?.details ?? '{}') as { sanctions: { account: string }[] };
    };
    expect((await ruledFor(bob)).sanctions).toEqual([expect.objectContaining({ account: bobId, kind: 'ranked-ban' })]);
    expect((await ruledFor(alice)).sanctions).toEqual([]);
    const all = await mia.send<{ moderationLog: { nodes: { action: string }[] } }>(LOG, {});
    expect(all.data?.moderationLog.nodes.map((n) => n.action)).toEqual(expect.arrayContaining(['claimed', 'noted', 'ruled', 'sanctioned']));
    expect(code(await bob.send(LOG, { account: 'someone-else' }))).toBe('FORBIDDEN');
    const sanctions = await bob.send<{ sanctions: { nodes: { kind: string; active: boolean }[] } }>(SANCTIONS, { active: true });
    expect(sanctions.data?.sanctions.nodes).toEqual([expect.objectContaining({ kind: 'RANKED_BAN', active: true })]);
    expect(await eventually(async () => heard.filter((e) => e instanceof PlayerSanctioned), (l) => l.length > 0)).toEqual([expect.objectContaining({ account: bobId, sanction: expect.objectContaining({ kind: 'ranked-ban', disqualifying: true }) })]);
  });

  it('when the banned player appeals and another moderator overturns, then the match and the ladder are restored exactly and the ban is lifted', async () => {
    const appealed = await bob.send<{ appealRuling: Outcome }>(APPEAL, { input: { disputeId, commandId: commandId(), text: 'we are not a team' } });
    expect(appealed.data?.appealRuling.status).toBe('APPEALED');
    expect(code(await alice.send(APPEAL, { input: { disputeId, commandId: commandId(), text: 'me too' } }))).toBe('ALREADY_APPEALED');
    expect(code(await mia.send(DECIDE, { input: { disputeId, commandId: commandId(), decision: 'OVERTURNED', reason: 'mine' } }))).toBe('SAME_MODERATOR');
    const decided = await max.send<{ decideAppeal: { status: string; appeal: { decision: string } } }>(DECIDE, {
      input: { disputeId, commandId: commandId(), decision: 'OVERTURNED', reason: 'ordinary play on review' },
    });
    expect(decided.data?.decideAppeal).toMatchObject({ status: 'CLOSED', appeal: { decision: 'OVERTURNED' } });
    expect(await eventually(board, (b) => JSON.stringify(b) === JSON.stringify(boardAfterBoth))).toEqual(boardAfterBoth);
    const sanctions = await eventually(() => bob.send<{ sanctions: { nodes: { active: boolean; liftReason: string }[] } }>(SANCTIONS, {}), (r) => r.data?.sanctions.nodes[0]?.active === false);
    expect(sanctions.data?.sanctions.nodes[0]).toMatchObject({ active: false, liftReason: 'ruling overturned on appeal: ordinary play on review' });
    expect(await eventually(async () => heard.filter((e) => e instanceof PlayerSanctionLifted), (l) => l.length > 0)).toEqual([expect.objectContaining({ account: bobId })]);
    const ranked = await startedMatch(alice, bob, true);
    expect(ranked.seats.map((s) => s.player)).toEqual(['alice', 'bob']);
  });

  it('then a moderator gets the full replay of the finished match, and an error saying why for a live one', async () => {
    const live = await startedMatch(alice, carol, false);
    // (the replay is a read model: asked until it has the match, which it may not a moment after the start)
    const refused = await eventually(() => mia.send(REPLAY, { id: live.id }), (r) => code(r) !== 'NOT_FOUND');
    expect(code(refused)).toBe('NOT_FINISHED');
    expect(refused.errors?.[0]?.message).toMatch(/no full reveal of a live round, even for moderators/);
    const full = await mia.send<{ matchReplay: { full: boolean; steps: { state: string }[] } }>(REPLAY, { id: disputed });
    expect(full.data?.matchReplay.full).toBe(true);
    expect(JSON.parse(full.data?.matchReplay.steps[1]?.state ?? '{}')).toHaveProperty('round.dice');
    // Once over, the seed is public: a player may ask for every hand too; while live, nobody may.
    expect((await alice.send<{ matchReplay: { full: boolean } }>(REPLAY, { id: disputed })).data?.matchReplay.full).toBe(true);
    expect(code(await alice.send(REPLAY, { id: live.id }))).toBe('NOT_FINISHED');
  });

  it('then anyone gets the verification export of the finished match, to re-derive every die with their own code', async () => {
    const exported = await postGraphQL<{ verifyMatch: { verified: boolean; version: string; seats: string[]; labels: { dice: string }; rounds: { round: number; hands: { seat: string; index: number; dice: number[] }[] }[] } }>(
      url.graphql,
      'query($id: ID!) { verifyMatch(id: $id) { verified version seed commitment seats labels { dice chamber } rounds { round hands { seat index dice } } pulls { pull seat chamber } } }',
      { id: disputed },
    );
    expect(exported.data?.verifyMatch).toMatchObject({ verified: true, version: 'v1', seats: ['s1', 's2'], labels: { dice: `${disputed}|dice|<round>|<seat index>|<block>` } });
    expect(exported.data?.verifyMatch.rounds[0]?.hands.map((h) => [h.seat, h.index, h.dice.length])).toEqual([['s1', 0, 5], ['s2', 1, 5]]);
  });

  it('then moderators read the whole dispute with its players’ signals, and the ranked pairs; players may not', async () => {
    const dispute = await eventually(
      () => mia.send<{ dispute: { status: string; notes: unknown[]; signals: { sharedMatches: number }[] } }>(DISPUTE, { id: disputeId }),
      (r) => r.data?.dispute.status === 'CLOSED',
    );
    expect(dispute.data?.dispute.notes).toHaveLength(1);
    expect(dispute.data?.dispute.signals[0]?.sharedMatches).toBeGreaterThanOrEqual(2);
    const pairs = await mia.send<{ suspiciousPairs: { nodes: { a: { name: string }; b: { name: string } }[] } }>(PAIRS, { min: 0 });
    expect(pairs.data?.suspiciousPairs.nodes.map((p) => [p.a.name, p.b.name].sort())).toContainEqual(['alice', 'bob']);
    expect(code(await alice.send(PAIRS, {}))).toBe('FORBIDDEN');
    expect(code(await alice.send(DISPUTE, { id: disputeId }))).toBe('FORBIDDEN');
  });
});
