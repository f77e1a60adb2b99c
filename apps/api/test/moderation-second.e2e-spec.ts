import { postGraphQL } from './support/graphql-client';
import { eventually } from './support/eventually';
import { BOARD, CLAIM, CONFIRM, DISPUTE, FILE, moderator, OUTCOMES, RULE, startedMatch } from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { startTestApi } from './support/test-api';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };

const code = (response: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => response.errors?.[0]?.extensions?.['code'];
const board = async () => (await postGraphQL<{ leaderboard: { nodes: { matches: number }[] } }>(url.graphql, BOARD, { family: 'perudo' })).data?.leaderboard.nodes ?? [];

beforeAll(async () => {
  server = await startTestApi({ MODERATION_SECOND_MODERATOR: 'true' });
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
});
afterAll(() => server.stop());

describe('with MODERATION_SECOND_MODERATOR=true', () => {
  it('given a void ruling, then nothing happens until a second moderator confirms it; then the match leaves the ladder', async () => {
    const root = await TestPlayer.registerAdmin(url, 'root');
    const [alice, bob] = await Promise.all([TestPlayer.register(url, 'alice'), TestPlayer.register(url, 'bob')]);
    const [mia, max] = await Promise.all([moderator(url, root, 'mia'), moderator(url, root, 'max')]);
    const match = await startedMatch(alice, bob, true);
    await playOut(match.id, [alice, bob]);
    await eventually(board, (b) => b.length === 2);

    const filed = await alice.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId: match.id, commandId: commandId(), category: 'MISRULE', text: 'the count was wrong', steps: [] } });
    const disputeId = filed.data?.fileDispute.disputeId ?? '';
    await mia.send(CLAIM, { input: { disputeId, commandId: commandId() } });
    const ruled = await mia.send<{ ruleDispute: { status: string; ruling: { effectiveAt: string | null } } }>(RULE, { input: { disputeId, commandId: commandId(), action: 'VOID', reason: 'engine bug', sanctions: [] } });
    expect(ruled.data?.ruleDispute).toMatchObject({ status: 'AWAITING_SECOND', ruling: { effectiveAt: null } });
    // Once the read side has the ruling, the parties still see the dispute under review, with no ruling.
    await eventually(() => mia.send<{ dispute: { status: string } }>(DISPUTE, { id: disputeId }), (r) => r.data?.dispute.status === 'AWAITING_SECOND');
    const outcome = await alice.send<{ disputeOutcomes: { nodes: { status: string; ruling: unknown }[] } }>(OUTCOMES, {});
    expect(outcome.data?.disputeOutcomes.nodes).toEqual([expect.objectContaining({ status: 'CLAIMED', ruling: null })]);
    expect(await board()).toHaveLength(2);

    expect(code(await mia.send(CONFIRM, { input: { disputeId, commandId: commandId() } }))).toBe('SAME_MODERATOR');
    const confirmed = await max.send<{ confirmRuling: { status: string; ruling: { confirmedBy: { name: string } } } }>(CONFIRM, { input: { disputeId, commandId: commandId() } });
    expect(confirmed.data?.confirmRuling).toMatchObject({ status: 'RULED', ruling: { confirmedBy: { name: 'max' } } });
    expect(await eventually(board, (b) => b.length === 0)).toEqual([]);
  });
});
