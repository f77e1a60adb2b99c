import { postGraphQL } from './support/graphql-client';
import { CLAIM, eventually, FILE, GRANT, moderator, RULE, startedMatch } from './support/moderation';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { ME } from './support/queries';
import { startTestApi } from './support/test-api';
import { CREATE_TOURNAMENT, REGISTER_TOURNAMENT, TOURNAMENT, type TournamentShape } from './support/tournament-queries';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let organiser: TestPlayer;

const code = (response: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => response.errors?.[0]?.extensions?.['code'];

/** A swiss tournament starting in an hour, ranked or not. */
async function tournament(ranked: boolean): Promise<string> {
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const input = { commandId: commandId('cup'), name: ranked ? 'Ranked cup' : 'Friendly cup', family: 'PERUDO', ranked, capacity: 8, minTableSize: 2, maxTableSize: 4, format: 'SWISS_TABLES', swissRounds: 1, registrationClosesAt: startsAt, startsAt };
  const created = await organiser.send<{ createTournament: TournamentShape }>(CREATE_TOURNAMENT, { input });
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  return created.data.createTournament.id;
}

const register = (player: TestPlayer, tournamentId: string) => player.send(REGISTER_TOURNAMENT, { input: { tournamentId, commandId: commandId('reg') } });
const statusIn = async (tournamentId: string, name: string) =>
  (await organiser.send<{ tournament: TournamentShape }>(TOURNAMENT, { id: tournamentId })).data?.tournament.players.find((p) => p.name === name)?.status;

beforeAll(async () => {
  server = await startTestApi({ ADMIN_NAME: 'root' });
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const root = await TestPlayer.register(url, 'root');
  await TestPlayer.register(url, 'orga');
  await postGraphQL(url.graphql, GRANT, { name: 'orga', role: 'ORGANISER' }, root.token);
  organiser = await TestPlayer.signIn(url, 'orga');
});
afterAll(() => server.stop());

describe('moderation sanctions reach tournaments, end to end (docs/tournaments.md)', () => {
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
});
