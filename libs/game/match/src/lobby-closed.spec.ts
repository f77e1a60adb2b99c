import type { StreamEvent } from './events';
import type { SeatRequest } from './plan';
import { bid, account, ann, bob, cpu, cyd, human, join, leave, open, plan, start, TableUnderTest } from './testing/table';
import { MATCH_STATUSES } from './vocabulary';

// A lobby everyone left before it started is closed (docs/events.md, LobbyClosed): it is not listed as open,
// nobody can sit at it or start it, and the reason is named.
const closings = (events: readonly StreamEvent[] | unknown) => (Array.isArray(events) ? events.filter((e: StreamEvent) => e.type === 'LobbyClosed') : []);

describe('the last seated player leaving a lobby', () => {
  it('given ann alone at her lobby, when she leaves, then the seat is freed and the lobby is closed in the same decision', () => {
    const table = TableUnderTest.opened(ann, plan([human, human]));
    expect(table.when(leave(ann))).toEqual([
      { type: 'SeatLeft', data: { seat: 's1', account: ann } },
      { type: 'LobbyClosed', data: { reason: 'empty', lastLeft: ann } },
    ]);
    expect(table.do(leave(ann)).state.table.status).toBe('closed');
  });

  it('given ann and bob seated, when bob leaves, then the lobby stays open; when ann leaves too, then it closes', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, human])).do(join(bob));
    expect(closings(table.when(leave(bob)))).toEqual([]);
    table.do(leave(bob));
    expect(table.state.table.status).toBe('lobby');
    expect(closings(table.when(leave(ann)))).toEqual([{ type: 'LobbyClosed', data: { reason: 'empty', lastLeft: ann } }]);
  });

  it('given the host left and handed the role to bob, when bob leaves, then the lobby closes (no hand-over to nobody)', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, human])).do(join(bob)).do(leave(ann));
    expect(table.when(leave(bob))).toEqual([
      { type: 'SeatLeft', data: { seat: 's2', account: bob } },
      { type: 'LobbyClosed', data: { reason: 'empty', lastLeft: bob } },
    ]);
  });

  it('given a lobby with CPU seats, when its only human leaves, then it closes (CPUs do not keep a lobby open)', () => {
    const table = TableUnderTest.opened(ann, plan([human, cpu, cpu]));
    expect(closings(table.when(leave(ann)))).toHaveLength(1);
  });

  it('given a tournament table, when every drawn player leaves, then it stays a lobby (its organiser and director keep it)', () => {
    const seated = (who: typeof ann): SeatRequest => ({ kind: 'human', account: who });
    const table = new TableUnderTest().do(open(cyd, plan([seated(ann), seated(bob)], { tournament: { tournamentId: 't1', round: 1, table: 1 } })));
    table.do(leave(ann));
    expect(closings(table.when(leave(bob)))).toEqual([]);
    expect(table.do(leave(bob)).state.table.status).toBe('lobby');
  });
});

describe('a closed lobby', () => {
  const closed = () => TableUnderTest.opened(ann, plan([human, human])).do(leave(ann));

  it.each([
    ['a join', join(bob)],
    ['the old host sitting again', join(ann)],
    ['a start', start(ann)],
    ['a leave', leave(ann)],
    ['a bid', bid(account(ann), 1, 2)],
  ])('given a closed lobby, when %s comes, then it is refused with LOBBY_CLOSED and a message saying what to do', (_what, command) => {
    const table = closed();
    expect(table.verdict(command)).toBe('LOBBY_CLOSED');
    expect(table.when(command)).toMatchObject({ message: expect.stringMatching(/closed.*open a new match/) });
  });

  it('given a closed lobby, when opened again under the same id, then it is refused as existing', () => {
    expect(closed().verdict(open(bob, plan([human, human])))).toBe('MATCH_EXISTS');
  });

  it('then `closed` is one of the statuses every view and filter shares', () => {
    expect(MATCH_STATUSES).toContain('closed');
  });

  it('given a stray LobbyClosed after the match started (never decided), then the fold leaves the status alone', () => {
    const table = TableUnderTest.opened(ann, plan([human, human])).do(join(bob)).do(start(ann));
    table.apply({ type: 'LobbyClosed', data: { reason: 'empty', lastLeft: ann } });
    expect(table.state.table.status).toBe('playing');
  });
});
