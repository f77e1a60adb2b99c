import { postGraphQL } from './support/graphql-client';
import { eventually } from './support/eventually';
import { APPEAL, CLAIM, DECIDE, FILE, GRANT, moderator, RULE, startedMatch } from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { ME } from './support/queries';
import { startTestApi } from './support/test-api';
import { CREATE_TOURNAMENT, REGISTER_TOURNAMENT, STANDINGS, TOURNAMENT, type TournamentShape } from './support/tournament-queries';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let organiser: TestPlayer;

const code = (response: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => response.errors?.[0]?.extensions?.['code'];

/** A swiss tournament (one round, then a final table) starting in an hour or `startsInMs`, ranked or not. */
async function tournament(ranked: boolean, startsInMs = 3_600_000): Promise<string> {
  const startsAt = new Date(Date.now() + startsInMs).toISOString();
  const input = { commandId: commandId('cup'), name: ranked ? 'Ranked cup' : 'Friendly cup', family: 'PERUDO', ranked, capacity: 8, minTableSize: 2, maxTableSize: 4, format: 'SWISS_TABLES', swissRounds: 1, finalTableSize: 2, autoPublish: true, registrationClosesAt: startsAt, startsAt };
  const created = await organiser.send<{ createTournament: TournamentShape }>(CREATE_TOURNAMENT, { input });
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  return created.data.createTournament.id;
}

const register = (player: TestPlayer, tournamentId: string) => player.send(REGISTER_TOURNAMENT, { input: { tournamentId, commandId: commandId('reg') } });
const statusIn = async (tournamentId: string, name: string) =>
  (await organiser.send<{ tournament: TournamentShape }>(TOURNAMENT, { id: tournamentId })).data?.tournament.players.find((p) => p.name === name)?.status;

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const root = await TestPlayer.registerAdmin(url, 'root');
  await TestPlayer.register(url, 'orga');
  await postGraphQL(url.graphql, GRANT, { name: 'orga', role: 'ORGANISER' }, root.token);
  organiser = await TestPlayer.signIn(url, 'orga');
});
afterAll(() => server.stop());

describe('moderation reaches tournaments, end to end: sanctions and voids (docs/tournaments.md)', () => {
  it('a ranked ban disqualifies the player from the ranked tournament they entered, and refuses a new ranked entry until it ends', async () => {
    // Given bob registered in a ranked and an unranked tournament, and a finished ranked match of alice and bob
    const [alice, bob] = [await TestPlayer.register(url, 'alice'), await TestPlayer.register(url, 'bob')];
    const mia = await moderator(url, await TestPlayer.signIn(url, 'root'), 'mia');
    const bobId = (await bob.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
    const [ranked, friendly] = [await tournament(true), await tournament(false)];
    for (const id of [ranked, friendly]) expect((await register(bob, id)).errors).toBeUndefined();
    const match = await startedMatch(alice, bob, true);
    await playOut(match.id, [alice, bob]);

    // When alice disputes it and a moderator rules a three-day ranked ban for bob
    const filed = await alice.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId: match.id, commandId: commandId(), category: 'COLLUSION', text: 'bob soft-played', steps: [] } });
    const disputeId = filed.data?.fileDispute.disputeId ?? '';
    expect((await mia.send(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } })).errors).toBeUndefined();
    const ruled = await mia.send(RULE, { input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'soft play', sanctions: [{ account: bobId, kind: 'RANKED_BAN', days: 3 }] } });
    expect(ruled.errors).toBeUndefined();

    // Then the server disqualifies bob from the ranked tournament, not from the unranked one
    expect(await eventually(() => statusIn(ranked, 'bob'), (status) => status === 'DISQUALIFIED')).toBe('DISQUALIFIED');
    expect(await statusIn(friendly, 'bob')).toBe('REGISTERED');
    // And while banned he may not enter another ranked tournament (saying until when), but may enter an unranked one
    const refused = await register(bob, await tournament(true));
    expect(code(refused)).toBe('RANKED_BAN');
    expect(refused.errors?.[0]?.message).toMatch(/banned from ranked play until \d{4}-/);
    expect((await register(bob, await tournament(false))).errors).toBeUndefined();
  });

  it('a collusion mark disqualifies at once and closes ranked registration (COLLUSION_MARK); overturned on appeal, the player is back in', async () => {
    // Given erin registered in a ranked tournament, and a finished ranked match of fred and erin
    const [fred, erin] = [await TestPlayer.register(url, 'fred'), await TestPlayer.register(url, 'erin')];
    const root = await TestPlayer.signIn(url, 'root');
    const [kim, lou] = [await moderator(url, root, 'kim'), await moderator(url, root, 'lou')];
    const erinId = (await erin.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
    const ranked = await tournament(true);
    expect((await register(erin, ranked)).errors).toBeUndefined();
    const match = await startedMatch(fred, erin, true);
    await playOut(match.id, [fred, erin]);

    // When fred disputes it and a moderator rules a collusion mark for erin
    const filed = await fred.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId: match.id, commandId: commandId(), category: 'COLLUSION', text: 'erin chip-dumped', steps: [] } });
    const disputeId = filed.data?.fileDispute.disputeId ?? '';
    expect((await kim.send(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } })).errors).toBeUndefined();
    const ruled = await kim.send(RULE, { input: { disputeId, commandId: commandId(), action: 'SANCTION', reason: 'chip dumping', sanctions: [{ account: erinId, kind: 'COLLUSION_MARK' }] } });
    expect(ruled.errors).toBeUndefined();

    // Then she is disqualified from the ranked tournament as soon as the mark is recorded
    expect(await eventually(() => statusIn(ranked, 'erin'), (status) => status === 'DISQUALIFIED')).toBe('DISQUALIFIED');
    // And a new ranked tournament refuses her, naming the mark, while an unranked one takes her
    const refused = await register(erin, await tournament(true));
    expect(code(refused)).toBe('COLLUSION_MARK');
    expect(refused.errors?.[0]?.message).toMatch(/carries a collusion mark \(sanction .+\): ranked tournaments are closed until a moderator lifts it/);
    expect((await register(erin, await tournament(false))).errors).toBeUndefined();

    // When she appeals and another moderator overturns the ruling
    expect((await erin.send(APPEAL, { input: { disputeId, commandId: commandId(), text: 'we never met before' } })).errors).toBeUndefined();
    const decided = await lou.send(DECIDE, { input: { disputeId, commandId: commandId(), decision: 'OVERTURNED', reason: 'ordinary play on review' } });
    expect(decided.errors).toBeUndefined();

    // Then she is back in the ranked tournament (it has not started), and ranked registration is open to her again
    expect(await eventually(() => statusIn(ranked, 'erin'), (status) => status === 'REGISTERED')).toBe('REGISTERED');
    expect((await register(erin, await tournament(true))).errors).toBeUndefined();
  });

  it('a moderator\'s void of a tournament table\'s match removes that table\'s points; the standings recompute', async () => {
    // Given carl and dora's swiss tournament whose round-1 table has been played
    const [carl, dora] = [await TestPlayer.register(url, 'carl'), await TestPlayer.register(url, 'dora')];
    const mod = await moderator(url, await TestPlayer.signIn(url, 'root'), 'moe');
    const id = await tournament(false, 2_000);
    for (const player of [carl, dora]) expect((await register(player, id)).errors).toBeUndefined();
    const view = async () => (await organiser.send<{ tournament: TournamentShape }>(TOURNAMENT, { id })).data?.tournament;
    const firstTable = await eventually(async () => (await view())?.rounds[0]?.tables[0], (table) => typeof table?.matchId === 'string', 30_000);
    const matchId = firstTable?.matchId as string;
    await playOut(matchId, [carl, dora]);
    type Standing = { name: string; points: number; tables: { round: number; counted: boolean }[] };
    const standings = async () => (await organiser.send<{ standings: Standing[] }>(STANDINGS, { tournamentId: id })).data?.standings ?? [];
    const before = await eventually(standings, (rows) => rows.some((row) => row.points === 1), 30_000);
    expect(before.map((row) => row.points).sort()).toEqual([0, 1]);

    // When the loser disputes that match and a moderator voids it
    const loser = before.find((row) => row.points === 0)?.name === 'carl' ? carl : dora;
    const filed = await loser.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId, commandId: commandId(), category: 'MISRULE', text: 'the table froze', steps: [] } });
    const disputeId = filed.data?.fileDispute.disputeId ?? '';
    expect((await mod.send(CLAIM, { input: { disputeId, commandId: commandId(), expectedRevision: 1 } })).errors).toBeUndefined();
    expect((await mod.send(RULE, { input: { disputeId, commandId: commandId(), action: 'VOID', reason: 'engine froze', sanctions: [] } })).errors).toBeUndefined();

    // Then the table counts for nobody (its round was complete, so its points are removed), and both stand on 0
    const after = await eventually(standings, (rows) => rows.every((row) => row.points === 0), 30_000);
    expect(after.map((row) => row.points)).toEqual([0, 0]);
    expect(after.every((row) => row.tables.some((table) => table.round === 1 && !table.counted))).toBe(true);
    expect((await view())?.rounds[0]?.tables[0]).toMatchObject({ status: 'VOIDED', matchId });
  });
});
