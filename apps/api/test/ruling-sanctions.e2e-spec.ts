import { eventually } from './support/eventually';
import { CLAIM, FILE, LIFT, moderator, RULE, SANCTIONS, startedMatch } from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, JOIN, ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
type Response = { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };
type SanctionNode = { id: string; kind: string; days: number | null; active: boolean };

let server: Started;
let url: { graphql: string; ws: string };
let root: TestPlayer;

const code = (response: Response) => response.errors?.[0]?.extensions?.['code'];
const idOf = async (player: TestPlayer) => (await player.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
const ranked = (host: TestPlayer) =>
  host.send<{ createMatch: { id: string } }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'PERUDO', ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
const unranked = (host: TestPlayer) =>
  host.send<{ createMatch: { id: string } }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'PERUDO', ranked: false, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
const join = (player: TestPlayer, matchId: string | undefined) => player.send(JOIN, { input: { matchId, commandId: commandId() } });
const activeSanctions = (player: TestPlayer, count: number) =>
  eventually(
    async () => (await player.send<{ sanctions: { nodes: SanctionNode[] } }>(SANCTIONS, { active: true })).data?.sanctions.nodes ?? [],
    (nodes) => nodes.length === count,
  );

/** A finished ranked match of `filer` and `accused`, disputed by the filer and claimed by `holder`. */
async function claimedDispute(filer: TestPlayer, accused: TestPlayer, holder: TestPlayer): Promise<string> {
  const match = await startedMatch(filer, accused, true);
  await playOut(match.id, [filer, accused]);
  const filed = await filer.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId: match.id, commandId: commandId(), category: 'COLLUSION', text: 'they signal', steps: [] } });
  const disputeId = filed.data?.fileDispute.disputeId ?? '';
  expect((await holder.send(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } })).errors).toBeUndefined();
  return disputeId;
}

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  root = await TestPlayer.registerAdmin(url, 'root');
});
afterAll(() => server.stop());

describe('one ruling, several sanctions; a collusion mark closes ranked matches (docs/moderation.md)', () => {
  let gus: TestPlayer;
  let hal: TestPlayer;
  let ivy: TestPlayer;
  let mod: TestPlayer;
  let disputeId = '';

  beforeAll(async () => {
    [gus, hal, ivy] = (await Promise.all(['gus', 'hal', 'ivy'].map((name) => TestPlayer.register(url, name)))) as [TestPlayer, TestPlayer, TestPlayer];
    mod = await moderator(url, root, 'ned');
    disputeId = await claimedDispute(gus, hal, mod);
  });

  it('given a claimed dispute, a ruling that names a sanction twice or an outsider is refused, naming the order at fault, and sanctions nobody', async () => {
    const [gusId, halId] = await Promise.all([idOf(gus), idOf(hal)]);
    const twice = await mod.send(RULE, { input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'x', sanctions: [{ account: halId, kind: 'WARNING' }, { account: halId, kind: 'WARNING' }] } });
    expect(code(twice)).toBe('INVALID_RULING');
    expect(twice.errors?.[0]?.message).toMatch(/sanctions\[1\]: the same sanction twice for one account/);
    const outsider = await mod.send(RULE, { input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'x', sanctions: [{ account: gusId, kind: 'WARNING' }, { account: await idOf(ivy), kind: 'WARNING' }] } });
    expect(code(outsider)).toBe('INVALID_RULING');
    expect(outsider.errors?.[0]?.message).toMatch(/sanctions\[1\]\.account: not a player of the match/);
    expect((await gus.send<{ sanctions: { nodes: unknown[] } }>(SANCTIONS, {})).data?.sanctions.nodes).toEqual([]);
  });

  it('when one ruling orders a warning and a collusion mark for hal and a warning for gus, then every one of them is recorded', async () => {
    const [gusId, halId] = await Promise.all([idOf(gus), idOf(hal)]);
    const sanctions = [{ account: halId, kind: 'WARNING' }, { account: halId, kind: 'COLLUSION_MARK' }, { account: gusId, kind: 'WARNING' }];
    const ruled = await mod.send<{ ruleDispute: { ruling: { sanctions: { account: string; kind: string }[] } } }>(RULE, { input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'signalling', sanctions } });
    expect(ruled.errors).toBeUndefined();
    expect(ruled.data?.ruleDispute.ruling.sanctions).toEqual(sanctions.map((s) => ({ ...s, days: null })));
    expect((await activeSanctions(hal, 2)).map((s) => s.kind).sort()).toEqual(['COLLUSION_MARK', 'WARNING']);
    expect((await activeSanctions(gus, 1)).map((s) => s.kind)).toEqual(['WARNING']);
  });

  it('then the mark refuses hal a seat at a ranked table and hosting one (COLLUSION_MARK, naming it and until when), but not an unranked one; a warning bars nothing', async () => {
    const mark = (await activeSanctions(hal, 2)).find((s) => s.kind === 'COLLUSION_MARK')?.id ?? '';
    const refused = await join(hal, (await ranked(gus)).data?.createMatch.id);
    expect(code(refused)).toBe('COLLUSION_MARK');
    expect(refused.errors?.[0]?.message).toBe(`carries a collusion mark (sanction ${mark}): ranked play is closed until a moderator lifts it`);
    const hosting = await ranked(hal);
    expect(code(hosting)).toBe('COLLUSION_MARK');
    expect((await join(hal, (await unranked(gus)).data?.createMatch.id)).errors).toBeUndefined();
    expect((await join(gus, (await ranked(ivy)).data?.createMatch.id)).errors).toBeUndefined();
  });

  it('when a moderator lifts the mark, then hal may join and host ranked matches again', async () => {
    const [halId, mark] = [await idOf(hal), (await activeSanctions(hal, 2)).find((s) => s.kind === 'COLLUSION_MARK')?.id];
    const lifted = await mod.send(LIFT, { input: { account: halId, sanctionId: mark, commandId: commandId(), reason: 'cleared on review' } });
    expect(lifted.errors).toBeUndefined();
    expect((await join(hal, (await ranked(ivy)).data?.createMatch.id)).errors).toBeUndefined();
    expect((await ranked(hal)).errors).toBeUndefined();
  });
});
