import { moderator, startedMatch } from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(120_000);

/**
 * Issue #33, item 4: a moderation client written from the docs rules, reads the ruling's sanctions from its answer
 * and lifts one, and reads every write of its own right after it (`consistentAfter`), never polling.
 */
const FILE = `mutation($input: FileDisputeInput!) { fileDispute(input: $input) { disputeId position } }`;
const CLAIM = `mutation($input: ClaimDisputeInput!) { claimDispute(input: $input) { id claimedBy { name } position } }`;
const RULE = `mutation($input: RuleDisputeInput!) { ruleDispute(input: $input) { status ruling { action sanctions { sanctionId account kind days } } position } }`;
const LIFT = `mutation($input: LiftSanctionInput!) { liftSanction(input: $input) { id active position } }`;
const DISPUTE = `query($id: ID!, $after: String) { dispute(id: $id, consistentAfter: $after) { claimedBy { name } position } }`;
const SANCTIONS = `query($account: ID, $after: String) { sanctions(account: $account, active: true, consistentAfter: $after) { nodes { id kind } } }`;
const MATCHES = `query($filter: MatchFilter, $after: String) { matches(filter: $filter, consistentAfter: $after) { nodes { id disputed hadDispute ruling } } }`;
const OUTCOMES = `query($after: String) { disputeOutcomes(consistentAfter: $after) { nodes { ruling { sanctions { sanctionId kind } } } } }`;

type Errors = { errors?: readonly { extensions?: Record<string, unknown> }[] };
const refusal = (response: Errors) => ({ code: response.errors?.[0]?.extensions?.['code'], field: response.errors?.[0]?.extensions?.['field'] ?? null });

let server: Awaited<ReturnType<typeof startTestApi>>;
let gus: TestPlayer;
let hal: TestPlayer;
let mia: TestPlayer;
let max: TestPlayer;
let halId = '';
let matchId = '';

beforeAll(async () => {
  server = await startTestApi({ ADMIN_NAME: 'root' });
  const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const root = await TestPlayer.register(url, 'root');
  [gus, hal] = (await Promise.all(['gus', 'hal'].map((name) => TestPlayer.register(url, name)))) as [TestPlayer, TestPlayer];
  [mia, max] = await Promise.all([moderator(url, root, 'mia'), moderator(url, root, 'max')]);
  halId = (await hal.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
  const match = await startedMatch(gus, hal, true);
  matchId = match.id;
  await playOut(matchId, [gus, hal]);
});
afterAll(() => server.stop());

describe('read-your-writes for a moderation client (consistentAfter, ADR 0071)', () => {
  let disputeId = '';

  it('given a filed dispute, when a moderator claims it, then the answer names the holder, a second claim is refused naming the dispute, and the dispute read after the claim shows the holder', async () => {
    const filed = await gus.send<{ fileDispute: { disputeId: string; position: string } }>(FILE, { input: { matchId, commandId: commandId(), category: 'COLLUSION', text: 'soft play', steps: [] } });
    disputeId = filed.data?.fileDispute.disputeId ?? '';
    const claimed = await mia.send<{ claimDispute: { claimedBy: { name: string }; position: string } }>(CLAIM, { input: { disputeId, commandId: commandId() } });
    expect(claimed.data?.claimDispute.claimedBy).toEqual({ name: 'mia' });
    expect(claimed.data?.claimDispute.position).toMatch(/^\d+$/);
    expect(refusal(await max.send(CLAIM, { input: { disputeId, commandId: commandId() } }))).toEqual({ code: 'ALREADY_CLAIMED', field: 'disputeId' });

    const read = await mia.send<{ dispute: { claimedBy: { name: string }; position: string | null } }>(DISPUTE, { id: disputeId, after: claimed.data?.claimDispute.position });
    expect(read.data?.dispute).toEqual({ claimedBy: { name: 'mia' }, position: null });
  });

  it('when the holder rules with two sanctions, then the answer carries their ids, and the sanctions read after it are in force with those ids', async () => {
    const sanctions = [{ account: halId, kind: 'WARNING' }, { account: halId, kind: 'RANKED_BAN', days: 3 }];
    const ruled = await mia.send<{ ruleDispute: { ruling: { sanctions: { sanctionId: string; kind: string }[] }; position: string } }>(RULE, {
      input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'signalling', sanctions },
    });
    const ordered = ruled.data?.ruleDispute.ruling.sanctions ?? [];
    expect(ordered.map((s) => [s.sanctionId, s.kind])).toEqual([[`${disputeId}/s1`, 'WARNING'], [`${disputeId}/s2`, 'RANKED_BAN']]);
    const after = ruled.data?.ruleDispute.position;

    const inForce = await mia.send<{ sanctions: { nodes: { id: string; kind: string }[] } }>(SANCTIONS, { account: halId, after });
    expect(inForce.data?.sanctions.nodes.map((s) => s.id).sort()).toEqual(ordered.map((s) => s.sanctionId).sort());
    const own = await hal.send<{ disputeOutcomes: { nodes: { ruling: { sanctions: { sanctionId: string }[] } }[] } }>(OUTCOMES, { after });
    expect(own.data?.disputeOutcomes.nodes[0]?.ruling.sanctions.map((s) => s.sanctionId)).toEqual(ordered.map((s) => s.sanctionId));

    // The match list read after the ruling: the dispute is no longer waiting, but it was had and ruled.
    const had = await mia.send<{ matches: { nodes: { id: string; disputed: boolean; hadDispute: boolean; ruling: string }[] } }>(MATCHES, { filter: { hadDispute: true, ruling: 'SANCTION' }, after });
    expect(had.data?.matches.nodes).toEqual([{ id: matchId, disputed: false, hadDispute: true, ruling: 'SANCTION' }]);
    const waiting = await mia.send<{ matches: { nodes: unknown[] } }>(MATCHES, { filter: { disputed: true }, after });
    expect(waiting.data?.matches.nodes).toEqual([]);
  });

  it('when a moderator lifts the ban by the id the ruling answered, then the sanctions read after the lift hold the warning alone; a player may not lift (FORBIDDEN, about the caller: no field)', async () => {
    const ban = `${disputeId}/s2`;
    expect(refusal(await hal.send(LIFT, { input: { account: halId, sanctionId: ban, commandId: commandId(), reason: 'mine' } }))).toEqual({ code: 'FORBIDDEN', field: null });
    const lifted = await mia.send<{ liftSanction: { id: string; active: boolean; position: string } }>(LIFT, { input: { account: halId, sanctionId: ban, commandId: commandId(), reason: 'served' } });
    expect(lifted.data?.liftSanction).toMatchObject({ id: ban, active: false });
    const inForce = await mia.send<{ sanctions: { nodes: { id: string }[] } }>(SANCTIONS, { account: halId, after: lifted.data?.liftSanction.position });
    expect(inForce.data?.sanctions.nodes.map((s) => s.id)).toEqual([`${disputeId}/s1`]);
  });

  it('given a position that is no number, or past the store’s last event, then the query is refused naming consistentAfter', async () => {
    expect(refusal(await mia.send(SANCTIONS, { account: halId, after: 'latest' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'consistentAfter' });
    expect(refusal(await mia.send(SANCTIONS, { account: halId, after: '99999999999' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'consistentAfter' });
  });
});
