import { balancedTableSizes, chunk } from './balance';
import { seatingDue } from './progress';
import type { TournamentCommand } from './commands';
import { minimiseRepeats, tableCost } from './repeat-opponents';
import { byRanking, ORGANISER, playerIds, seatOrder, TournamentLog } from './testing/tournament-log';

const draft = (round: number, order: readonly string[], at = 2_000): TournamentCommand => ({ type: 'DraftSeating', data: { round, order, at } });
const publish = (round: number, by = ORGANISER): TournamentCommand => ({ type: 'PublishSeating', data: { round, by, at: 2_000 } });

describe('balanced table sizes (issue #14 "Seating")', () => {
  it.each`
    players   | max  | sizes                  | source
    ${13}     | ${6} | ${[5, 4, 4]}           | ${'issue #14: 13 players at max 6 → 5, 4, 4'}
    ${12}     | ${6} | ${[6, 6]}              | ${'full tables when they divide'}
    ${7}      | ${6} | ${[4, 3]}              | ${'the fewest tables, within one'}
    ${7}      | ${3} | ${[3, 2, 2]}           | ${'small tables'}
    ${2}      | ${6} | ${[2]}                 | ${'two players make a table'}
    ${1}      | ${6} | ${[]}                  | ${'one player cannot be seated'}
    ${31}     | ${5} | ${[5, 5, 5, 4, 4, 4, 4]} | ${'larger tables first'}
  `('$players players at max $max → $sizes — $source', ({ players, max, sizes }) => {
    expect(balancedTableSizes(players, max)).toEqual(sizes);
  });

  it('never differs by more than one and never exceeds max, for every field up to 500', () => {
    for (let players = 2; players <= 500; players++) {
      for (let max = 2; max <= 6; max++) {
        const sizes = balancedTableSizes(players, max);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(players);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(max);
      }
    }
  });
});

describe('drafting and publishing a seating', () => {
  const players = playerIds(13);

  it('seats the draw into balanced tables, seat order as drawn, and waits for the organiser', () => {
    const order = [...players].reverse();
    const log = TournamentLog.started(players).do(draft(1, order));
    expect(log.tables()).toEqual([order.slice(0, 5), order.slice(5, 9), order.slice(9)]);
    expect(log.round()).toMatchObject({ status: 'drafted', stage: 'swiss' });
    log.do(publish(1));
    expect(log.round().status).toBe('published');
  });

  it.each`
    command                                                        | expected             | source
    ${draft(2, players)}                                           | ${'NO_SEATING_DUE'}  | ${'only the round due'}
    ${draft(1, players.slice(1))}                                  | ${'INVALID_DRAW'}    | ${'everyone still in is seated'}
    ${draft(1, [...players.slice(1), players[1] as string])}       | ${'INVALID_DRAW'}    | ${'nobody twice'}
    ${draft(1, [...players.slice(1), 'stranger'])}                 | ${'INVALID_DRAW'}    | ${'nobody else'}
    ${draft(1, 'p01' as never)}                                    | ${'INVALID_DRAW'}    | ${'a draw is a list'}
    ${publish(1)}                                                  | ${'NO_DRAFT'}        | ${'nothing to publish yet'}
  `('$command.type: $expected — $source', ({ command, expected }) => {
    expect(TournamentLog.started(players).verdict(command)).toBe(expected);
  });

  it('cannot change once published: no second draft, no second publication, only the organiser publishes', () => {
    const log = TournamentLog.started(players).do(draft(1, players));
    expect(log.verdict(publish(1, { id: 'p01', role: 'player' }))).toBe('NOT_ALLOWED');
    log.do(publish(1));
    expect(log.verdict(publish(1))).toBe('NO_DRAFT');
    expect(log.verdict(draft(1, players))).toBe('NO_SEATING_DUE');
    expect(log.verdict(draft(2, players))).toBe('NO_SEATING_DUE');
  });

  it('publishes at once when the tournament publishes automatically', () => {
    const log = TournamentLog.started(players, { autoPublish: true }).do(draft(1, players));
    expect(log.types().slice(-2)).toEqual(['SeatingDrafted', 'SeatingPublished']);
    expect(log.events.at(-1)).toMatchObject({ data: { by: 'automatic' } });
  });

  it('discards a draft when a seated player withdraws before publication, and seats without them', () => {
    const log = TournamentLog.started(players).do(draft(1, players));
    log.do({ type: 'WithdrawPlayer', data: { player: 'p05', by: { id: 'p05', role: 'player' }, at: 2_001 } });
    expect(log.types().slice(-2)).toEqual(['SeatingDraftDiscarded', 'PlayerWithdrew']);
    expect(log.verdict(draft(1, players))).toBe('INVALID_DRAW');
    log.do(draft(1, players.filter((p) => p !== 'p05')));
    expect(log.tables().map((t) => t.length)).toEqual([6, 6]);
  });
});

describe('swiss grouping (issue #14: similar points together, repeat opponents minimised)', () => {
  it('seats the later rounds by points, the draw ordering players level on points', () => {
    // Given 12 players at max 4; round 1 drawn in id order and placed in seat order
    const players = playerIds(12);
    const log = TournamentLog.started(players, { tableSize: { min: 2, max: 4 }, finalTableSize: 4 }).seat().play(seatOrder);
    // Then round 2 puts the three table winners (3 points) and the best second together, and so on
    log.seat();
    const points = new Map(log.standings().map((s) => [s.player, s.points]));
    const tablePoints = log.tables(2).map((table) => table.map((p) => points.get(p)).sort().reverse());
    expect(tablePoints).toEqual([[3, 3, 3, 2], [2, 2, 1, 1], [1, 0, 0, 0]]);
  });

  it('swaps players between nearby tables when that avoids a repeat pairing', () => {
    // Given a, b met and c, d met; a grouping by points alone would seat them together again
    const met = new Map([['a', new Set(['b'])], ['b', new Set(['a'])], ['c', new Set(['d'])], ['d', new Set(['c'])]]);
    const tables = [['a', 'b'], ['c', 'd']];
    const cost = { met, points: null, repeatWeight: 6 };
    expect(tables.map((t) => tableCost(t, cost))).toEqual([6, 6]);
    minimiseRepeats(tables, cost);
    expect(tables.map((t) => tableCost(t, cost))).toEqual([0, 0]);
    expect(tables.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('repeats fewer pairings than a plain cut by points over a whole swiss', () => {
    // Given 20 players at tables of 4, five swiss rounds in which the same players always win
    const players = playerIds(20);
    const log = TournamentLog.started(players, { tableSize: { min: 2, max: 4 }, rounds: 5, finalTableSize: 4 });
    let planned = 0;
    let plainCut = 0;
    for (let round = 1; round <= 5; round++) {
      // When each round is seated (draw: id order), compared with cutting the points order into tables as it is
      const due = seatingDue(log.tournament);
      const points = new Map(log.standings().map((s) => [s.player, s.points]));
      const byPoints = [...(due?.players ?? [])].sort((a, b) => (points.get(b) ?? 0) - (points.get(a) ?? 0));
      plainCut += chunk(byPoints, balancedTableSizes(byPoints.length, 4)).reduce((sum, table) => sum + pairsMet(log, table), 0);
      log.seat();
      planned += log.tables().reduce((sum, table) => sum + pairsMet(log, table, 1), 0);
      log.play(byRanking(players));
    }
    // Then the seating plan repeats strictly fewer pairs
    expect(plainCut).toBeGreaterThan(0);
    expect(planned).toBeLessThan(plainCut);
  });
});

/** Pairs at `table` who already met, in every round but the last `skip` ones. */
function pairsMet(log: TournamentLog, table: readonly string[], skip = 0): number {
  const rounds = log.tournament.rounds;
  const earlier = rounds.slice(0, rounds.length - skip).flatMap((r) => r.tables.map((t) => t.players));
  let pairs = 0;
  table.forEach((a, i) => table.slice(i + 1).forEach((b) => (pairs += earlier.some((t) => t.includes(a) && t.includes(b)) ? 1 : 0)));
  return pairs;
}
