import type { SeatRequest } from './plan';
import { ann, bob, close, cpu, cyd, human, join, leave, open, plan, start, TableUnderTest } from './testing/table';

// The host closes (cancels) a lobby before it starts (docs/events.md, LobbyClosed; ADR 0044): the one way out of a
// table only CPUs fill while its host watches, since nobody holds a seat there to leave.

describe('the host closing a lobby', () => {
  it('given a lobby only CPUs fill and its host watching, when the host closes it, then it is closed as cancelled by the host', () => {
    const table = TableUnderTest.opened(ann, plan([cpu, cpu]));
    expect(table.state.table).toMatchObject({ status: 'lobby', host: ann });
    expect(table.verdict(leave(ann))).toBe('FORBIDDEN');
    expect(table.when(close(ann))).toEqual([{ type: 'LobbyClosed', data: { reason: 'cancelled', by: ann } }]);
    expect(table.do(close(ann)).state.table).toMatchObject({ status: 'closed', closing: { reason: 'cancelled', by: ann } });
  });

  it('given a lobby with seated players, when its host closes it, then it closes with them still seated and nobody can start it', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, cpu])).do(join(bob)).do(close(ann));
    expect(table.state.table.status).toBe('closed');
    expect(table.verdict(start(ann))).toBe('LOBBY_CLOSED');
    expect(table.when(join(cyd))).toMatchObject({ code: 'LOBBY_CLOSED', message: 'the lobby was closed: ann closed it before it started; open a new match' });
  });

  it('given a lobby, when a seated player who is not the host closes it, then it is refused with FORBIDDEN', () => {
    const table = TableUnderTest.opened(ann, plan([human, human])).do(join(bob));
    expect(table.when(close(bob))).toMatchObject({ code: 'FORBIDDEN', message: 'only the host (or an admin) closes the lobby' });
  });

  it('given a lobby, when an admin who is not its host closes it, then it is closed as cancelled by the admin', () => {
    const table = TableUnderTest.opened(ann, plan([human, cpu]));
    expect(table.when(close(cyd, true))).toEqual([{ type: 'LobbyClosed', data: { reason: 'cancelled', by: cyd } }]);
  });

  it('given a started match, when its host closes it, then it is refused with NOT_IN_LOBBY', () => {
    const table = TableUnderTest.opened(ann, plan([cpu, cpu])).do(start(ann));
    expect(table.when(close(ann))).toMatchObject({ code: 'NOT_IN_LOBBY', message: 'the match has already started' });
    expect(table.verdict(close(cyd, true))).toBe('NOT_IN_LOBBY');
  });

  it('given a lobby closed already (cancelled or emptied), when closed again, then it is refused with LOBBY_CLOSED naming why', () => {
    expect(TableUnderTest.opened(ann, plan([cpu, cpu])).do(close(ann)).verdict(close(ann))).toBe('LOBBY_CLOSED');
    const emptied = TableUnderTest.opened(ann, plan([human, human])).do(leave(ann));
    expect(emptied.when(close(ann))).toMatchObject({ code: 'LOBBY_CLOSED', message: 'the lobby was closed: everyone left it before it started; open a new match' });
  });

  it('given a tournament table, when its organiser or an admin closes it, then it is refused (its tournament seats and starts it)', () => {
    const seated = (who: typeof ann): SeatRequest => ({ kind: 'human', account: who });
    const table = new TableUnderTest().do(open(cyd, plan([seated(ann), seated(bob)], { tournament: { tournamentId: 't1', round: 1, table: 1 } })));
    expect(table.verdict(close(cyd))).toBe('FORBIDDEN');
    expect(table.verdict(close(cyd, true))).toBe('FORBIDDEN');
  });

  it('given no such match, when closed, then it is refused with NOT_FOUND', () => {
    expect(new TableUnderTest().verdict(close(ann))).toBe('NOT_FOUND');
  });
});
