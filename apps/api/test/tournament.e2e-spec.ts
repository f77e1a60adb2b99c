import { Feed } from './support/graphql-client';
import { commandId, TestPlayer } from './support/player';
import { playOut } from './support/play-out';
import { startTestApi } from './support/test-api';
import {
  CHECK_IN,
  CREATE_TOURNAMENT,
  DISQUALIFY,
  PUBLISH,
  REGISTER_TOURNAMENT,
  STANDINGS,
  TOURNAMENT,
  TOURNAMENT_LIST_UPDATED,
  TOURNAMENT_ROUND,
  TOURNAMENT_UPDATED,
  TOURNAMENTS,
  type TournamentShape,
  VERIFY_TOURNAMENT,
  WITHDRAW,
} from './support/tournament-queries';

jest.setTimeout(180_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };
let organiser: TestPlayer;
let humans: TestPlayer[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time (last: ${JSON.stringify(value).slice(0, 400)})`);
    await sleep(50);
  }
}

async function data<T>(player: TestPlayer, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await player.send<T>(query, variables);
  if (!response.data) throw new Error(JSON.stringify(response.errors));
  return response.data;
}

async function view(player: TestPlayer, id: string): Promise<TournamentShape> {
  return (await data<{ tournament: TournamentShape }>(player, TOURNAMENT, { id })).tournament;
}

/** Plays every human's match of the round, then waits for the round to complete. */
async function playRound(id: string, round: number, players: readonly TestPlayer[] = humans): Promise<void> {
  const shown = await until('tables assigned', () => view(organiser, id), (t) => (t.rounds[round - 1]?.tables ?? []).every((table) => table.matchId !== null) && (t.rounds[round - 1]?.tables.length ?? 0) > 0);
  const tables = shown.rounds[round - 1]?.tables ?? [];
  await Promise.all(
    tables.map((table) => {
      const seated = players.filter((human) => table.players.some((p) => p.name === human.name));
      return seated.length > 0 ? playOut(table.matchId as string, seated) : Promise.resolve(null);
    }),
  );
  await until(`round ${round} complete`, () => view(organiser, id), (t) => t.rounds[round - 1]?.status === 'COMPLETED');
}

/** Three humans register and check in, dan registers only, the organiser enters four CPU players. */
async function fillField(id: string): Promise<TestPlayer> {
  for (const human of humans) {
    await data(human, REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('reg') } });
    await data(human, CHECK_IN, { input: { tournamentId: id, commandId: commandId('in') } });
  }
  const late = await TestPlayer.register(url, 'dan');
  await data(late, REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('reg') } });
  for (const name of ['Ada', 'Bea', 'Cal', 'Dot']) {
    await data(organiser, REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('cpu'), cpu: { name, difficulty: 'EASY' } } });
  }
  const cpuRefused = await (humans[0] as TestPlayer).send(REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('cpu'), cpu: { name: 'Eve' } } });
  expect(cpuRefused.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_ALLOWED' });
  return late;
}

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const admin = await TestPlayer.registerAdmin(url, 'root');
  await TestPlayer.register(url, 'orga');
  await admin.send(`mutation { grantRole(name: "orga", role: ORGANISER) { role } }`, {});
  organiser = await TestPlayer.signIn(url, 'orga');
  humans = [await TestPlayer.register(url, 'ann'), await TestPlayer.register(url, 'bob'), await TestPlayer.register(url, 'cyd')];
});
afterAll(() => server.stop());

describe('a tournament from creation to its final table, over GraphQL', () => {
  it('registers, checks in, seats, publishes, plays every round, ranks with explanations and verifies', async () => {
    // Given a swiss tournament (one swiss round, then a final table of 3) whose start is five seconds away (room for every registration on a loaded machine)
    const now = Date.now();
    const input = {
      commandId: commandId('cup'),
      name: 'Spring cup',
      family: 'PERUDO',
      ranked: false,
      capacity: 8,
      minTableSize: 2,
      maxTableSize: 4,
      format: 'SWISS_TABLES',
      swissRounds: 1,
      finalTableSize: 3,
      registrationClosesAt: new Date(now + 5_000).toISOString(),
      startsAt: new Date(now + 5_000).toISOString(),
      checkInMinutes: 5,
    };
    expect((await (humans[0] as TestPlayer).send(CREATE_TOURNAMENT, { input })).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_ALLOWED' });
    // (A player watching the list hears each row as it changes, from the creation on)
    type Row = { id: string; status: string; entrants: number; winner: string | null };
    const rows = new Feed(await (humans[2] as TestPlayer).connect(), TOURNAMENT_LIST_UPDATED, {}, (d) => d['tournamentListUpdated'] as Row);
    const created = (await data<{ createTournament: TournamentShape }>(organiser, CREATE_TOURNAMENT, { input })).createTournament;
    expect(created).toMatchObject({ status: 'REGISTRATION', organiser: 'orga', format: 'SWISS_TABLES', seed: null });
    const id = created.id;
    const updates = new Feed(await organiser.connect(), TOURNAMENT_UPDATED, { id }, (d) => d['tournamentUpdated'] as TournamentShape);

    // When three people register and check in, a fourth registers without checking in, the organiser adds 4 CPUs
    const late = await fillField(id);

    // Then it starts at its start time (the server starts it): dan, who did not check in, leaves the field but
    // stays listed, a no-show with the lot the verification counts (issue #33)
    const started = await until('started', () => view(organiser, id), (t) => t.status === 'RUNNING');
    expect(started.players.filter((p) => p.status === 'ACTIVE').map((p) => p.name).sort()).toEqual(['Ada', 'Bea', 'Cal', 'Dot', 'ann', 'bob', 'cyd']);
    expect(started.players.find((p) => p.name === 'dan')).toMatchObject({ status: 'NO_SHOW', leftInRound: 0, lot: expect.any(Number) });

    // And the round-1 draft (7 players at max 4: tables of 4 and 3) is the organiser's to see and publish
    const draft = await until('drafted', () => data<{ tournamentRound: { status: string; tables: { players: unknown[] }[] } | null }>(organiser, TOURNAMENT_ROUND, { tournamentId: id, round: 1 }), (d) => d.tournamentRound !== null);
    expect(draft.tournamentRound).toMatchObject({ status: 'DRAFTED' });
    expect(draft.tournamentRound?.tables.map((t) => t.players.length)).toEqual([4, 3]);
    expect((await data<{ tournamentRound: unknown }>((humans[0] as TestPlayer), TOURNAMENT_ROUND, { tournamentId: id, round: 1 })).tournamentRound).toBeNull();
    expect((await (humans[0] as TestPlayer).send(PUBLISH, { input: { tournamentId: id, commandId: commandId('pub'), round: 1 } })).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_ALLOWED' });
    await data(organiser, PUBLISH, { input: { tournamentId: id, commandId: commandId('pub'), round: 1 } });
    await playRound(id, 1);

    // And the final table seats the top 3 of the standings, once published
    await until('final drafted', () => view(organiser, id), (t) => t.rounds[1]?.status === 'DRAFTED');
    const before = (await data<{ standings: { player: string }[] }>(organiser, STANDINGS, { tournamentId: id })).standings.slice(0, 3).map((s) => s.player);
    await data(organiser, PUBLISH, { input: { tournamentId: id, commandId: commandId('pub'), round: 2 } });
    const final = (await view(organiser, id)).rounds[1];
    expect(final).toMatchObject({ stage: 'FINAL' });
    expect(final?.tables[0]?.players.map((p) => p.id).sort()).toEqual([...before].sort());
    await playRound(id, 2);

    // Then the tournament is over: a winner, the seed revealed, standings a total order that explain themselves
    const finished = await until('finished', () => view(organiser, id), (t) => t.status === 'FINISHED');
    expect(finished.winner).not.toBeNull();
    expect(finished.seed).toMatch(/^[0-9a-f]{64}$/);
    const standings = (await data<{ standings: { rank: number; name: string; decidedBy: string | null; explanation: string; finalPlace: number | null }[] }>((humans[1] as TestPlayer), STANDINGS, { tournamentId: id })).standings;
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(standings[0]).toMatchObject({ name: finished.winner, finalPlace: 1, decidedBy: 'FINAL_TABLE' });
    standings.forEach((s) => expect(s.explanation).toMatch(/^\d+(st|nd|rd|th) /));
    expect(standings[6]?.decidedBy).toBe('FIELD');
    expect(standings.at(-1)).toMatchObject({ name: 'dan', decidedBy: null, explanation: '8th dan: 0 points from 0 tables. Did not check in: left the field at the start (no-show). Last of 8.' });

    // And the live view pushed every step, the list finds it, and every lot, seating and die verifies
    await updates.next((t) => t.status === 'FINISHED');
    // And the list watcher heard the row created, filling, running and finished with its winner, no poll needed
    expect(await rows.next((r) => r.id === id && r.status === 'FINISHED')).toMatchObject({ winner: finished.winner });
    const mine = rows.values.filter((r) => r.id === id);
    expect(Math.max(...mine.filter((r) => r.status === 'REGISTRATION').map((r) => r.entrants))).toBe(8);
    expect(new Set(mine.map((r) => r.status))).toEqual(new Set(['REGISTRATION', 'RUNNING', 'FINISHED']));
    rows.stop();
    expect(new Set(updates.values.map((t) => t.status))).toEqual(new Set(['REGISTRATION', 'RUNNING', 'FINISHED']));
    // The seed is nowhere before the end, in any pushed view
    expect(updates.values.filter((t) => t.status !== 'FINISHED' && t.seed !== null)).toEqual([]);
    expect(organiser.tap.payloads.filter((text) => !text.includes('"FINISHED"') && text.includes(finished.seed as string))).toEqual([]);
    updates.stop();
    const listed = await data<{ tournaments: { nodes: { id: string }[] } }>((humans[2] as TestPlayer), TOURNAMENTS, { filter: { status: 'FINISHED', family: 'PERUDO' }, first: 5 });
    expect(listed.tournaments.nodes.map((t) => t.id)).toContain(id);
    const verified = await data<{ verifyTournament: { verified: boolean; lotsChecked: number; seatingsChecked: number; matches: { verified: boolean }[] } }>(late, VERIFY_TOURNAMENT, { id });
    expect(verified.verifyTournament).toMatchObject({ verified: true, lotsChecked: finished.players.length, seatingsChecked: 2, discrepancies: [] });
    expect(verified.verifyTournament.matches.map((m) => m.verified)).toEqual([true, true, true]);
  });

  it('ranked: a withdrawal and a disqualification before the start, a withdrawal mid-table, every table a rated ranked match', async () => {
    // Given a ranked swiss tournament of tables of two or three (one swiss round, then a final table of 2)
    const now = Date.now();
    const input = {
      commandId: commandId('ranked'),
      name: 'Ranked duel cup',
      family: 'CLASSIC',
      options: { startingDice: 3 },
      ranked: true,
      capacity: 8,
      minTableSize: 2,
      maxTableSize: 3,
      format: 'SWISS_TABLES',
      swissRounds: 1,
      finalTableSize: 2,
      registrationClosesAt: new Date(now + 6_000).toISOString(),
      startsAt: new Date(now + 6_000).toISOString(),
      autoPublish: true,
    };
    const id = (await data<{ createTournament: TournamentShape }>(organiser, CREATE_TOURNAMENT, { input })).createTournament.id;
    const [eve, fay, gus, hal, ivy] = [await TestPlayer.register(url, 'eve'), await TestPlayer.register(url, 'fay'), await TestPlayer.register(url, 'gus'), await TestPlayer.register(url, 'hal'), await TestPlayer.register(url, 'ivy')];
    for (const player of [eve, fay, gus, hal, ivy]) await data(player, REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('reg') } });
    const cpu = await organiser.send(REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('cpu'), cpu: { name: 'Ada' } } });
    expect(cpu.errors?.[0]?.extensions?.['code']).toBeDefined();

    const idOf = new Map((await view(organiser, id)).players.map((p) => [p.name, p.id]));
    // When gus withdraws and the organiser disqualifies hal, before the start
    const withdrew = await data<{ withdraw: { me: { status: string } } }>(gus, WITHDRAW, { input: { tournamentId: id, commandId: commandId('out') } });
    expect(withdrew.withdraw.me).toEqual({ status: 'WITHDRAWN' });
    const refused = await eve.send(DISQUALIFY, { input: { tournamentId: id, commandId: commandId('dq'), player: idOf.get('hal'), reason: 'abuse' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_ALLOWED' });
    await data(organiser, DISQUALIFY, { input: { tournamentId: id, commandId: commandId('dq'), player: idOf.get('hal'), reason: 'abusive chat in the lobby' } });
    const again = await hal.send(REGISTER_TOURNAMENT, { input: { tournamentId: id, commandId: commandId('reg') } });
    expect(again.errors?.[0]?.extensions?.['code']).toBeDefined();

    // And ivy withdraws once seated at the round-1 table of three (the director takes her out of its match)
    await until('started', () => view(organiser, id), (t) => t.status === 'RUNNING');
    await until('round 1 playing', () => view(organiser, id), (t) => t.rounds[0]?.tables[0]?.matchId !== null && t.rounds[0]?.tables.length === 1);
    await data(ivy, WITHDRAW, { input: { tournamentId: id, commandId: commandId('out') } });

    // Then eve and fay play both rounds, and the tournament ends with ivy (0 points for the forfeited table) and hal last
    await playRound(id, 1, [eve, fay]);
    await playRound(id, 2, [eve, fay]);
    const finished = await until('finished', () => view(organiser, id), (t) => t.status === 'FINISHED');
    const standings = (await data<{ standings: { name: string; status: string; points: number; tables: { outcome: string; points: number }[] }[] }>(eve, STANDINGS, { tournamentId: id })).standings;
    expect(standings.map((s) => s.name)).toEqual([finished.winner, finished.winner === 'eve' ? 'fay' : 'eve', 'ivy', 'hal', 'gus']);
    expect(standings[2]).toMatchObject({ status: 'WITHDRAWN', points: 0, tables: [{ outcome: 'WITHDRAWN', points: 0 }] });
    expect(standings[3]).toMatchObject({ status: 'DISQUALIFIED', points: 0, decidedBy: 'FIELD' });
    // gus, who withdrew before the start, stays listed with the lot the verification counts (issue #33)
    expect(standings[4]).toMatchObject({ status: 'WITHDRAWN', tables: [], decidedBy: null });
    const listed = finished.players;
    expect(listed.find((p) => p.name === 'gus')).toMatchObject({ status: 'WITHDRAWN', leftInRound: 0, lot: expect.any(Number) });
    const verified = await data<{ verifyTournament: { verified: boolean; lotsChecked: number } }>(eve, VERIFY_TOURNAMENT, { id });
    expect(verified.verifyTournament).toMatchObject({ verified: true, lotsChecked: listed.length });

    // And each table's match was ranked: both players' rating histories name both table matches
    const tableMatches = finished.rounds.flatMap((round) => round.tables.map((table) => table.matchId)).sort();
    expect(tableMatches).toHaveLength(2);
    const HISTORY = `query($player: ID!, $family: String!) { ratingHistory(player: $player, family: $family) { nodes { matchId place } } }`;
    for (const player of [eve, fay]) {
      const history = await until(`${player.name} rated`, () => data<{ ratingHistory: { nodes: { matchId: string }[] } }>(player, HISTORY, { player: idOf.get(player.name), family: 'classic' }), (h) => h.ratingHistory.nodes.length >= 2);
      expect(history.ratingHistory.nodes.map((n) => n.matchId).sort()).toEqual(tableMatches);
    }
  });
});
