import type { PlayerId } from '@liars-dice/game-rules';
import type { TournamentCommand } from './commands';
import type { TableFinished } from './events';
import { MODERATOR, ORGANISER, playerIds, seatOrder, SYSTEM, TournamentLog } from './testing/tournament-log';

const assign = (round: number, table: number, matchId: string): TournamentCommand => ({ type: 'AssignTableMatch', data: { round, table, matchId, at: 2_100 } });
const result = (round: number, table: number, matchId: string, placements: PlayerId[][], absent?: PlayerId[]): TournamentCommand => ({
  type: 'RecordTableResult',
  data: { round, table, matchId, placements, absent, at: 2_200 },
});
const withdraw = (player: string): TournamentCommand => ({ type: 'WithdrawPlayer', data: { player, by: { id: player, role: 'player' }, at: 2_150 } });
const voidTable = (round: number, table: number, matchId: string, by = MODERATOR): TournamentCommand => ({
  type: 'VoidTable',
  data: { round, table, matchId, by, reason: 'collusion', at: 2_300 },
});
const lastResults = (log: TournamentLog) => (log.events.filter((e) => e.type === 'TableFinished').at(-1) as TableFinished).data.results;

describe('table matches and results', () => {
  const seated = () => TournamentLog.started(['a', 'b', 'c', 'd', 'e']).seat();

  it.each`
    command                                                   | expected                    | source
    ${assign(1, 1, 'm1')}                                     | ${'accepted'}               | ${'the process manager created the match'}
    ${assign(1, 2, 'm1')}                                     | ${'UNKNOWN_TABLE'}          | ${'one table of 5'}
    ${assign(2, 1, 'm1')}                                     | ${'UNKNOWN_TABLE'}          | ${'round 2 is not seated'}
    ${result(1, 1, 'm1', [['a'], ['b'], ['c'], ['d'], ['e']])} | ${'MATCH_MISMATCH'}        | ${'no match assigned yet'}
  `('$command.type on a fresh round: $expected — $source', ({ command, expected }) => {
    expect(seated().verdict(command)).toBe(expected);
  });

  it('is idempotent: the same assignment or result again changes nothing; another match is refused', () => {
    const log = seated().do(assign(1, 1, 'm1'));
    expect(log.when(assign(1, 1, 'm1'))).toEqual([]);
    expect(log.verdict(assign(1, 1, 'm2'))).toBe('MATCH_ALREADY_ASSIGNED');
    expect(log.verdict(result(1, 1, 'm1', [['a'], ['b']]))).toBe('INVALID_RESULT');
    expect(log.verdict(result(1, 1, 'm1', [['a'], ['b'], ['c'], ['d'], ['x']]))).toBe('INVALID_RESULT');
    log.do(result(1, 1, 'm1', [['a'], ['b'], ['c'], ['d'], ['e']]));
    expect(log.when(result(1, 1, 'm1', [['e'], ['d'], ['c'], ['b'], ['a']]))).toEqual([]);
    expect(log.verdict(result(1, 1, 'm9', [['a'], ['b'], ['c'], ['d'], ['e']]))).toBe('MATCH_MISMATCH');
  });

  it('completes the round when its last table finishes, and seats nothing until then', () => {
    const log = TournamentLog.started(playerIds(8), { tableSize: { min: 2, max: 4 } }).seat();
    log.do(assign(1, 1, 'm1')).do(result(1, 1, 'm1', log.tables()[0]!.map((p) => [p])));
    expect(log.round().status).toBe('published');
    log.do(assign(1, 2, 'm2')).do(result(1, 2, 'm2', log.tables()[1]!.map((p) => [p])));
    expect(log.types().slice(-2)).toEqual(['TableFinished', 'RoundCompleted']);
  });
});

describe('leaving during the event (issue #14: withdrawal, no-shows, disqualification)', () => {
  it('scores 0 for the table of a player who withdrew during it; they keep earlier points and are not seated again', () => {
    const log = TournamentLog.started(['a', 'b', 'c', 'd'], { tableSize: { min: 2, max: 4 } }).seat().play();
    expect(log.standings().find((s) => s.player === 'a')?.points).toBe(3);
    log.seat().do(assign(2, 1, 'm2')).do(withdraw('a'));
    expect(log.events.at(-1)).toMatchObject({ type: 'PlayerWithdrew', data: { player: 'a', round: 2, table: 1 } });
    log.do(result(2, 1, 'm2', [['b'], ['c'], ['d'], ['a']]));
    expect(lastResults(log).find((r) => r.player === 'a')).toMatchObject({ outcome: 'withdrawn', points: 0 });
    log.seat();
    expect(log.tables(3).flat()).toEqual(['b', 'c', 'd']);
    expect(log.standings().find((s) => s.player === 'a')).toMatchObject({ points: 3, status: 'withdrawn' });
  });

  it('scores 0 for a player absent for a whole table and seats them no more (no-show)', () => {
    const log = TournamentLog.started(['a', 'b', 'c'], { tableSize: { min: 2, max: 3 } }).seat().do(assign(1, 1, 'm1'));
    log.do(result(1, 1, 'm1', [['b'], ['a'], ['c']], ['a']));
    expect(lastResults(log)).toEqual([
      { player: 'b', place: 1, points: 2, outcome: 'played' },
      { player: 'a', place: 2, points: 0, outcome: 'absent' },
      { player: 'c', place: 3, points: 0, outcome: 'played' },
    ]);
    expect(log.tournament.players.get('a')).toMatchObject({ status: 'no-show', leftInRound: 1 });
    log.seat();
    expect(log.tables(2).flat()).toEqual(['b', 'c']);
  });

  it('disqualifies by the organiser or a moderator: points void, last in the standings, out of later rounds', () => {
    const log = TournamentLog.started(['a', 'b', 'c', 'd'], { tableSize: { min: 2, max: 4 } }).seat().play();
    const disqualify = (by = MODERATOR): TournamentCommand => ({ type: 'DisqualifyPlayer', data: { player: 'a', by, reason: 'collusion', sanctionId: 's-1', at: 2_400 } });
    expect(log.verdict(disqualify({ id: 'b', role: 'player' }))).toBe('NOT_ALLOWED');
    expect(log.verdict(disqualify(ORGANISER))).toBe('accepted');
    log.do(disqualify());
    expect(log.events.at(-1)).toMatchObject({ type: 'PlayerDisqualified', data: { player: 'a', by: 'mod', sanctionId: 's-1', round: null } });
    expect(log.standings().at(-1)).toMatchObject({ player: 'a', points: 0, status: 'disqualified' });
    expect(log.verdict(disqualify())).toBe('ALREADY_OUT');
    log.seat();
    expect(log.tables(2).flat()).not.toContain('a');
  });

  it('keeps a player disqualified before the start out for good, late registration included', () => {
    const log = TournamentLog.create({ lateRegistrationUntilRound: 2 }).register('a', 'b', 'c');
    log.do({ type: 'DisqualifyPlayer', data: { player: 'c', by: ORGANISER, reason: 'abuse', at: 600 } });
    log.do({ type: 'StartTournament', data: { by: ORGANISER, at: 2_000 } });
    expect(log.tournament.players.get('c')?.status).toBe('disqualified');
    expect(log.verdict({ type: 'RegisterPlayer', data: { player: 'c', name: 'c', kind: 'human', by: { id: 'c', role: 'player' }, lot: 9, at: 2_001 } })).toBe('ALREADY_REGISTERED');
    expect(log.seat().tables(1).flat()).toEqual(['a', 'b']);
  });

  it('finishes the tournament when fewer than two players are left between rounds', () => {
    const log = TournamentLog.started(['a', 'b', 'c'], { tableSize: { min: 2, max: 3 } }).seat().play();
    log.do(withdraw('b')).do(withdraw('c'));
    expect(log.types().slice(-2)).toEqual(['PlayerWithdrew', 'TournamentFinished']);
    expect(log.tournament).toMatchObject({ status: 'finished', winner: 'a' });
  });
});

describe('knockout tables (issue #14: the top K of each table advance until one final table remains)', () => {
  it('advances the top K of every table, then plays a final table of whoever is left', () => {
    // Given 12 players at tables of 3–4 with the top 2 going through
    const players = playerIds(12);
    const log = TournamentLog.started(players, { format: 'knockout-tables', rounds: undefined, tableSize: { min: 3, max: 4 }, advancePerTable: 2 });
    // When round 1 (3 tables of 4) is played in seat order
    log.seat().play();
    const completed = log.events.at(-1);
    // Then the first two seats of every table go through, and the rest are out
    expect(completed).toMatchObject({ type: 'RoundCompleted', data: { advancing: ['p01', 'p02', 'p05', 'p06', 'p09', 'p10'] } });
    expect(log.tournament.players.get('p03')).toMatchObject({ status: 'eliminated', leftInRound: 1 });
    // And the 6 left play round 2 at two tables of 3 (p01 and p02 met in round 1: a swap keeps them apart)
    log.seat();
    expect(log.round()).toMatchObject({ stage: 'knockout', tables: [{ players: ['p02', 'p05', 'p09'] }, { players: ['p01', 'p06', 'p10'] }] });
    // And the 4 who go through meet at the final table
    log.play().seat();
    expect(log.round()).toMatchObject({ stage: 'final', tables: [{ players: ['p01', 'p02', 'p05', 'p06'] }] });
    log.play(() => [['p06'], ['p01'], ['p05'], ['p02']]);
    expect(log.tournament).toMatchObject({ status: 'finished', winner: 'p06' });
    // Then finalists rank by the final, then round-2 losers by points, then round-1 losers
    expect(log.standings().map((s) => s.player).slice(0, 7)).toEqual(['p06', 'p01', 'p05', 'p02', 'p09', 'p10', 'p03']);
  });

  it('never advances a whole table: at a table of K or fewer, all but the last go through', () => {
    // 7 players at 4–6 with K = 3 seat 4 and 3: the table of 3 sends 2
    const log = TournamentLog.started(playerIds(7), { format: 'knockout-tables', rounds: undefined, tableSize: { min: 4, max: 6 }, advancePerTable: 3 });
    log.seat().play();
    expect(log.events.at(-1)).toMatchObject({ data: { advancing: ['p1', 'p2', 'p3', 'p5', 'p6'] } });
  });

  it('breaks a shared place on the cut by the draw', () => {
    const log = TournamentLog.started(playerIds(8), { format: 'knockout-tables', rounds: undefined, tableSize: { min: 2, max: 4 }, advancePerTable: 1 }).seat();
    log.play((players) => [[players[2] as string, players[1] as string], [players[0] as string], [players[3] as string]]);
    // p2 and p3 (lots 1 and 2) share 1st at table 1: the lower lot, p2, goes through
    expect(log.events.at(-1)).toMatchObject({ data: { advancing: ['p2', 'p6'] } });
  });
});

describe('the final table of a swiss (issue #14: then a final table of the top N)', () => {
  it('seats the top N of the standings after the swiss rounds; finalists rank first by their final place', () => {
    const players = playerIds(9);
    const log = TournamentLog.started(players, { tableSize: { min: 2, max: 3 }, rounds: 2, finalTableSize: 3 });
    log.seat().play().seat().play();
    const top = log.standings().slice(0, 3).map((s) => s.player);
    log.seat();
    expect(log.round()).toMatchObject({ round: 3, stage: 'final' });
    expect([...log.tables()[0]!].sort()).toEqual([...top].sort());
    log.play((table) => [...table].reverse().map((p) => [p]));
    expect(log.state.status).toBe('finished');
    expect(log.standings().slice(0, 3).map((s) => s.player)).toEqual([...log.tables()[0]!].reverse());
    expect(log.standings()[0]).toMatchObject({ decidedBy: 'final-table', finalPlace: 1 });
  });
});

describe('a voided tournament match (issue #14 "Moderation"; docs/tournaments.md)', () => {
  it('removes a swiss table’s points (no opponents, no head-to-head); a lifted void restores them exactly', () => {
    const log = TournamentLog.started(['a', 'b', 'c', 'd', 'e', 'f'], { tableSize: { min: 2, max: 3 } }).seat().play(seatOrder);
    const before = log.standings();
    expect(log.verdict(voidTable(1, 1, 'm1-1', { id: 'a', role: 'player' }))).toBe('NOT_ALLOWED');
    log.do(voidTable(1, 1, 'm1-1'));
    expect(log.events.at(-1)).toMatchObject({ type: 'TableVoided', data: { rule: 'points-removed' } });
    expect(log.standings().find((s) => s.player === 'a')).toMatchObject({ points: 0, opponentsMet: 0, tables: [{ counted: false }] });
    expect(log.when(voidTable(1, 1, 'm1-1'))).toEqual([]);
    log.do({ type: 'RestoreTable', data: { round: 1, table: 1, matchId: 'm1-1', by: MODERATOR, at: 2_400 } });
    expect(log.standings()).toEqual(before);
  });

  it('replays a knockout table whose round is still in play: same seats, a new match', () => {
    const log = TournamentLog.started(playerIds(6), { format: 'knockout-tables', rounds: undefined, tableSize: { min: 2, max: 3 }, advancePerTable: 1 }).seat();
    log.do(assign(1, 1, 'm1')).do(result(1, 1, 'm1', log.tables()[0]!.map((p) => [p])));
    log.do(voidTable(1, 1, 'm1', SYSTEM));
    expect(log.events.at(-1)).toMatchObject({ type: 'TableVoided', data: { rule: 'replay' } });
    expect(log.round().tables[0]).toMatchObject({ status: 'seated', matchId: null, replayed: ['m1'], players: ['p1', 'p2', 'p3'] });
    expect(log.when(voidTable(1, 1, 'm1'))).toEqual([]);
    expect(log.verdict(assign(1, 1, 'm1-replay'))).toBe('accepted');
  });
});
