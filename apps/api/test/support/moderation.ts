import { postGraphQL } from './graphql-client';
import { commandId, TestPlayer, type TestView } from './player';
import { CREATE, JOIN, START } from './queries';

/** The documents the moderation tests send: every field, so a leak anywhere would show. */
const OUTCOME_FIELDS = 'disputeId matchId status openedAt ruling { action reason sanctions { account kind days } at } appeal { player { id name } at decision reason decidedAt }';
const SIGNAL = 'observed expected trials evidence';
export const PAIR_FIELDS = `a { id name } b { id name } sharedMatches suspicion play flagged challengesAB { ${SIGNAL} } challengesBA { ${SIGNAL} } softRaisesAB { ${SIGNAL} } softRaisesBA { ${SIGNAL} } diceLost { ${SIGNAL} } coSeating { ${SIGNAL} }`;
const SUMMARY_FIELDS = 'id matchId status openedAt live filers categories claimedBy { id name } revision score scoreParts { base age filers moderator record signal live misrule }';
const DISPUTE_FIELDS = `${SUMMARY_FIELDS} number players endedAt filings { filer { id name } capacity category text steps at } notes { moderator { id name } text at }
  ruling { action reason sanctions { account kind days } moderator { id name } at confirmedBy { id name } effectiveAt } rejections { moderator { id name } reason at }
  appeal { player { id name } text at decision decidedBy { id name } reason decidedAt } signals { ${PAIR_FIELDS} }`;

export const FILE = `mutation($input: FileDisputeInput!) { fileDispute(input: $input) { ${OUTCOME_FIELDS} } }`;
export const CLAIM = `mutation($input: ClaimDisputeInput!) { claimDispute(input: $input) { ${DISPUTE_FIELDS} } }`;
export const NOTE = `mutation($input: DisputeNoteInput!) { addDisputeNote(input: $input) { ${DISPUTE_FIELDS} } }`;
export const RULE = `mutation($input: RuleDisputeInput!) { ruleDispute(input: $input) { ${DISPUTE_FIELDS} } }`;
export const CONFIRM = `mutation($input: DisputeCommandInput!) { confirmRuling(input: $input) { ${DISPUTE_FIELDS} } }`;
export const APPEAL = `mutation($input: AppealRulingInput!) { appealRuling(input: $input) { ${OUTCOME_FIELDS} } }`;
export const DECIDE = `mutation($input: DecideAppealInput!) { decideAppeal(input: $input) { ${DISPUTE_FIELDS} } }`;
export const LIFT = `mutation($input: LiftSanctionInput!) { liftSanction(input: $input) { id account { id name } kind days until reason active liftedAt liftReason } }`;
export const QUEUE = `query($status: [DisputeStatus!], $first: Int, $after: String) { disputes(status: $status, first: $first, after: $after) { nodes { ${SUMMARY_FIELDS} } endCursor hasNextPage } }`;
export const DISPUTE = `query($id: ID!) { dispute(id: $id) { ${DISPUTE_FIELDS} } }`;
export const OUTCOMES = `query($account: ID) { disputeOutcomes(account: $account) { nodes { ${OUTCOME_FIELDS} } } }`;
export const LOG = `query($account: ID) { moderationLog(account: $account) { nodes { at moderator { id name } action disputeId matchId sanctionId reason details } } }`;
export const SANCTIONS = `query($account: ID, $active: Boolean) { sanctions(account: $account, active: $active) { nodes { id account { id name } kind days until reason moderator { id name } disputeId at active liftedAt liftedBy { id name } liftReason } } }`;
export const PAIRS = `query($min: Float) { suspiciousPairs(minSuspicion: $min) { nodes { ${PAIR_FIELDS} } } }`;
export const BOARD = `query($family: String!) { leaderboard(family: $family) { nodes { player name rating mu sigma matches } } }`;
export const GRANT = 'mutation($name: String!, $role: Role!) { grantRole(name: $name, role: $role) { name role } }';

/** A moderator: registered, granted the role by the admin, signed in again so the token carries it. */
export async function moderator(url: { graphql: string; ws: string }, admin: TestPlayer, name: string): Promise<TestPlayer> {
  await TestPlayer.register(url, name);
  const granted = await postGraphQL(url.graphql, GRANT, { name, role: 'MODERATOR' }, admin.token);
  if (granted.errors) throw new Error(JSON.stringify(granted.errors));
  return TestPlayer.signIn(url, name);
}

/** A started two-seat match between `host` and `guest`. */
export async function startedMatch(host: TestPlayer, guest: TestPlayer, ranked: boolean): Promise<TestView> {
  const created = await host.send<{ createMatch: TestView }>(CREATE, {
    input: { commandId: commandId('create'), ruleset: 'PERUDO', ranked, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
  });
  const id = created.data?.createMatch.id ?? '';
  const joined = await guest.send(JOIN, { input: { matchId: id, commandId: commandId() } });
  if (joined.errors) throw new Error(JSON.stringify(joined.errors));
  await host.send(START, { input: { matchId: id, commandId: commandId() } });
  return host.view(id);
}

