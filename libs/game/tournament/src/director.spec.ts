import { directorTasks, tableMatchId } from './director';
import { MODERATOR, ORGANISER, TournamentLog } from './testing/tournament-log';

describe('the process manager’s tasks, from the state alone', () => {
  it('starts a tournament whose start time has passed, and nothing before', () => {
    const log = TournamentLog.create().register('a', 'b');
    expect(directorTasks(log.tournament, 1_999)).toEqual([]);
    expect(directorTasks(log.tournament, 2_000)).toEqual([{ kind: 'start' }]);
  });

  it('asks for the draw of the round due, then for nothing until the organiser publishes it', () => {
    const log = TournamentLog.started(['a', 'b', 'c']);
    expect(directorTasks(log.tournament, 2_000)).toEqual([{ kind: 'seat-round', round: 1 }]);
    log.do({ type: 'DraftSeating', data: { round: 1, order: ['c', 'a', 'b'], at: 2_000 } });
    expect(directorTasks(log.tournament, 2_000)).toEqual([]);
    log.do({ type: 'PublishSeating', data: { round: 1, by: ORGANISER, at: 2_000 } });
    expect(directorTasks(log.tournament, 2_000)).toEqual([{ kind: 'open-table', round: 1, table: 1, matchId: 't1-r1-t1', players: ['c', 'a', 'b'] }]);
  });

  it('collects the result of a playing table and takes a withdrawn player out of its match', () => {
    const log = TournamentLog.started(['a', 'b', 'c']).seat();
    log.do({ type: 'AssignTableMatch', data: { round: 1, table: 1, matchId: 't1-r1-t1', at: 2_000 } });
    log.do({ type: 'WithdrawPlayer', data: { player: 'b', by: { id: 'b', role: 'player' }, at: 2_001 } });
    expect(directorTasks(log.tournament, 2_001)).toEqual([
      { kind: 'collect-result', round: 1, table: 1, matchId: 't1-r1-t1' },
      { kind: 'remove-from-table', round: 1, table: 1, matchId: 't1-r1-t1', player: 'b' },
    ]);
  });

  it('opens a replayed table under a new match id', () => {
    const log = TournamentLog.started(['a', 'b', 'c', 'd'], { format: 'knockout-tables', rounds: undefined, tableSize: { min: 2, max: 2 }, advancePerTable: 1 }).seat();
    log.do({ type: 'AssignTableMatch', data: { round: 1, table: 1, matchId: tableMatchId('t1', 1, 1), at: 2_000 } });
    log.do({ type: 'VoidTable', data: { round: 1, table: 1, matchId: 't1-r1-t1', by: MODERATOR, reason: 'misrule', at: 2_001 } });
    expect(directorTasks(log.tournament, 2_001)).toContainEqual({ kind: 'open-table', round: 1, table: 1, matchId: 't1-r1-t1-x1', players: ['a', 'b'] });
  });

  it('has nothing to do once the tournament is over', () => {
    const log = TournamentLog.started(['a', 'b']).seat().play().seat().play().seat().play().seat().play();
    expect(log.state.status).toBe('finished');
    expect(directorTasks(log.tournament, 10_000)).toEqual([]);
  });
});
