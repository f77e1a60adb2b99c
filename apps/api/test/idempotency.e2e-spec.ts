import { eventually } from './support/eventually';
import { postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, LIAR, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

const AUDIT = `query($id: ID!) { matchAudit(id: $id) { entries { type actor commandId } } }`;

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let alice: TestPlayer;
let bob: TestPlayer;
let eve: TestPlayer;

beforeAll(async () => {
  server = await startTestApi();
  const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  [alice, bob, eve] = await Promise.all([TestPlayer.register(url, 'alice'), TestPlayer.register(url, 'bob'), TestPlayer.register(url, 'eve')]);
});
afterAll(() => server.stop());

async function started(): Promise<{ match: TestView; onTurn: TestPlayer; waiting: TestPlayer }> {
  const created = await alice.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
  const id = created.data?.createMatch.id ?? '';
  await bob.send(JOIN, { input: { matchId: id, commandId: commandId() } });
  const match = (await alice.send<{ startMatch: TestView }>(START, { input: { matchId: id, commandId: commandId() } })).data?.startMatch as TestView;
  return match.toAct === match.me ? { match, onTurn: alice, waiting: bob } : { match, onTurn: bob, waiting: alice };
}

function reused(response: { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }): string {
  expect(response.errors?.[0]?.extensions).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'commandId' });
  return response.errors?.[0]?.message ?? '';
}

describe('command ids are the account’s own (issue #10 item 5)', () => {
  it('given an exact retry, then the first result comes back and nothing is appended twice', async () => {
    const { match, onTurn } = await started();
    const input = { matchId: match.id, commandId: commandId('bid'), quantity: 1, face: 3 };
    const first = await onTurn.send<{ placeBid: TestView }>(BID, { input });
    const again = await onTurn.send<{ placeBid: TestView }>(BID, { input: { face: 3, quantity: 1, commandId: input.commandId, matchId: match.id } });
    expect(again.errors).toBeUndefined();
    expect(again.data?.placeBid.revision).toBe(first.data?.placeBid.revision);
    expect((await onTurn.view(match.id)).round?.bids).toHaveLength(1);
  });

  it('given the same id with another value, then IDEMPOTENCY_KEY_REUSED names the value that differs, and nothing changes', async () => {
    const { match, onTurn } = await started();
    const id = commandId('bid');
    const first = await onTurn.send<{ placeBid: TestView }>(BID, { input: { matchId: match.id, commandId: id, quantity: 1, face: 3 } });
    const other = await onTurn.send(BID, { input: { matchId: match.id, commandId: id, quantity: 2, face: 3 } });
    expect(reused(other)).toBe(`commandId: ${id} was already used with other values (quantity was 1, now 2); send a new commandId for a new command`);
    expect((await onTurn.view(match.id)).revision).toBe(first.data?.placeBid.revision);
  });

  it('given the same id as another mutation, then it is refused naming both', async () => {
    const { match, onTurn, waiting } = await started();
    const id = commandId('cmd');
    await onTurn.send(BID, { input: { matchId: match.id, commandId: id, quantity: 1, face: 3 } });
    expect(reused(await onTurn.send(LIAR, { input: { matchId: match.id, commandId: id } }))).toContain('for PlaceBid, not CallLiar');
    // The other player reusing it for their own move is another sender.
    expect(reused(await waiting.send(LIAR, { input: { matchId: match.id, commandId: id } }))).toContain('by another sender');
  });

  it('given a spectator re-sending a command id read from the public audit, then it is refused (not answered with the player’s result)', async () => {
    const { match, onTurn } = await started();
    const id = commandId('public');
    await onTurn.send(BID, { input: { matchId: match.id, commandId: id, quantity: 1, face: 4 } });
    // The audit is a read model: it shows the bid a moment after the mutation returns (the race failed under load).
    const bidIn = (audit: { data?: { matchAudit: { entries: { type: string; commandId: string | null }[] } } | null }) => audit.data?.matchAudit.entries.find((e) => e.type === 'BidPlaced');
    const audit = await eventually(() => postGraphQL<{ matchAudit: { entries: { type: string; commandId: string | null }[] } }>(server.api.graphqlUrl, AUDIT, { id: match.id }), (a) => bidIn(a) !== undefined);
    const seen = bidIn(audit)?.commandId;
    expect(seen).toBe(id);
    const replayed = await eve.send(BID, { input: { matchId: match.id, commandId: seen, quantity: 1, face: 4 } });
    expect(reused(replayed)).toContain('by another sender');
  });

  it('given the same create sent again with another plan, then it is refused instead of answering with the first match', async () => {
    const id = commandId('create');
    const first = await alice.send<{ createMatch: TestView }>(CREATE, { input: { commandId: id, ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
    expect(first.errors).toBeUndefined();
    const other = await alice.send(CREATE, { input: { commandId: id, ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
    expect(reused(other)).toContain('ruleset was "classic", now "perudo"');
  });

  it('given an id in the machines’ namespace, then a client may not use it (it could block a CPU move or a timeout)', async () => {
    const { match, onTurn } = await started();
    const response = await onTurn.send(BID, { input: { matchId: match.id, commandId: `timeout:${match.revision}`, quantity: 1, face: 3 } });
    expect(response.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'commandId' });
  });
});
