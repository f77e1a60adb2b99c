import { TournamentLog } from './testing/tournament-log';

/**
 * The worked example of docs/tournaments.md: six players at tables of three, two swiss rounds. Lots follow
 * the registration order (ann 0 … fay 5). Round 1 seats [ann, bob, cyd] and [dan, eve, fay], placed in seat
 * order; round 2 seats [ann, bob, dan] and [cyd, eve, fay]: ann, bob, dan in that order, then fay, eve, cyd.
 */
function workedExample(): TournamentLog {
  const log = TournamentLog.started(['ann', 'bob', 'cyd', 'dan', 'eve', 'fay'], { tableSize: { min: 2, max: 3 }, rounds: 2 });
  log.seat().play();
  log.seat().play((players, table) => (table === 1 ? players.map((p) => [p]) : [...players].reverse().map((p) => [p])));
  return log;
}

describe('standings: points, then opponents’ average points, head-to-head placement, the draw (issue #14)', () => {
  it('seats the worked example as the docs say', () => {
    const log = workedExample();
    expect(log.tables(1)).toEqual([['ann', 'bob', 'cyd'], ['dan', 'eve', 'fay']]);
    expect(log.tables(2)).toEqual([['ann', 'bob', 'dan'], ['cyd', 'eve', 'fay']]);
  });

  it.each`
    rank | player   | points | opponentsAverage | headToHead | decidedBy              | source
    ${1} | ${'ann'} | ${4}   | ${1.5}           | ${0}       | ${'points'}            | ${'won both tables'}
    ${2} | ${'bob'} | ${2}   | ${2.5}           | ${1}       | ${'head-to-head'}      | ${'level with dan on 2 and 2.50; placed above him in round 2'}
    ${3} | ${'dan'} | ${2}   | ${2.5}           | ${-1}      | ${'opponents-average'} | ${'level with eve on 2; met stronger opponents (2.50 to 1.50)'}
    ${4} | ${'eve'} | ${2}   | ${1.5}           | ${0}       | ${'draw'}              | ${'level with fay on everything (each placed above the other once): lot 4 before 5'}
    ${5} | ${'fay'} | ${2}   | ${1.5}           | ${0}       | ${'points'}            | ${'2 points to cyd’s 0'}
    ${6} | ${'cyd'} | ${0}   | ${2.5}           | ${0}       | ${null}                | ${'last'}
  `('$rank. $player: $points points, decided by $decidedBy — $source', ({ rank, player, points, opponentsAverage, headToHead, decidedBy }) => {
    const standing = workedExample().standings()[rank - 1];
    expect(standing).toMatchObject({ rank, player, points, opponentsAverage, headToHead, decidedBy });
  });

  it('explains every standing in words', () => {
    expect(workedExample().standings().map((s) => s.explanation)).toEqual([
      '1st ann: 4 points from 2 tables (round 1: 1st of 3, 2 points; round 2: 1st of 3, 2 points). Ahead of bob on points (4 to 2).',
      "2nd bob: 2 points from 2 tables (round 1: 2nd of 3, 1 point; round 2: 2nd of 3, 1 point). Level with dan on 2 points and opponents' average points (2.50); ahead on head-to-head placement (+1 to -1).",
      "3rd dan: 2 points from 2 tables (round 1: 1st of 3, 2 points; round 2: 3rd of 3, 0 points). Level with eve on 2 points; ahead on opponents' average points (2.50 to 1.50).",
      "4th eve: 2 points from 2 tables (round 1: 2nd of 3, 1 point; round 2: 2nd of 3, 1 point). Level with fay on points, opponents' average points and head-to-head placement; ahead by the draw (lot 4 before 5).",
      '5th fay: 2 points from 2 tables (round 1: 3rd of 3, 0 points; round 2: 1st of 3, 2 points). Ahead of cyd on points (2 to 0).',
      '6th cyd: 0 points from 2 tables (round 1: 3rd of 3, 0 points; round 2: 3rd of 3, 0 points). Last of 6.',
    ]);
  });

  it('ranks a disqualified player last whatever they scored, and says so', () => {
    const log = workedExample().do({ type: 'DisqualifyPlayer', data: { player: 'ann', by: { id: 'mod', role: 'moderator' }, reason: 'collusion', at: 9_000 } });
    const standings = log.standings();
    expect(standings.at(-1)).toMatchObject({ player: 'ann', points: 0, decidedBy: null });
    expect(standings.at(-2)).toMatchObject({ player: 'cyd', decidedBy: 'disqualification' });
    expect(standings.at(-1)?.explanation).toContain('Disqualified: points void');
    // And the opponents' averages follow ann's points, now 0: bob met her twice and drops below dan, eve and fay
    expect(standings.map((s) => [s.player, s.opponentsAverage])).toEqual([['dan', 1.5], ['eve', 1.5], ['fay', 1.5], ['bob', 0.5], ['cyd', 1.5], ['ann', 1.5]]);
  });

  it('lists the registered players before the start, ordered by the draw', () => {
    const log = TournamentLog.create({ checkInMinutes: 10 }).register('cyd', 'ann', 'bob');
    expect(log.standings().map((s) => [s.player, s.decidedBy])).toEqual([['cyd', 'draw'], ['ann', 'draw'], ['bob', null]]);
    expect(log.standings()[0]?.explanation).toBe('1st cyd: 0 points from 0 tables. Registered, not checked in yet. Level with ann on points, opponents\' average points and head-to-head placement; ahead by the draw (lot 0 before 1).');
  });
});
