import type { StreamEvent } from './events';
import type { SeatRequest } from './plan';
import type { OpenTable } from './table';
import { ann, bob, cyd, human, join, leave, open, plan, start, TableUnderTest } from './testing/table';

// A lobby's host is a seated human (docs/events.md, HostHandedOver): a table never waits on a host who left.
const threeSeats = () => TableUnderTest.opened(ann, plan([human, human, human]));

function lobby(table: TableUnderTest): OpenTable {
  if (table.state.table.status !== 'lobby') throw new Error('not in the lobby');
  return table.state.table;
}

const handOvers = (events: readonly StreamEvent[] | unknown) => (Array.isArray(events) ? events.filter((e: StreamEvent) => e.type === 'HostHandedOver') : []);

describe('the host leaving the lobby', () => {
  it('given ann hosting with bob and cyd seated, when ann leaves, then the role passes to the next seated human in seat order', () => {
    const table = threeSeats().do(join(bob)).do(join(cyd));
    expect(table.when(leave(ann))).toEqual([
      { type: 'SeatLeft', data: { seat: 's1', account: ann } },
      { type: 'HostHandedOver', data: { from: ann, to: bob } },
    ]);
    table.do(leave(ann));
    expect(lobby(table).host).toEqual(bob);
  });

  it('given the role passed to bob, then bob starts the filled table and ann may not', () => {
    const table = threeSeats().do(join(bob)).do(join(cyd)).do(leave(ann)).do(join(ann));
    expect(table.verdict(start(ann))).toBe('FORBIDDEN');
    expect(table.verdict(start(bob))).toBe('accepted');
  });

  it('given a seated player who is not the host, when they leave, then the host stays', () => {
    const table = threeSeats().do(join(bob));
    expect(handOvers(table.when(leave(bob)))).toEqual([]);
  });

  // Streams from before `LobbyClosed`: the host's SeatLeft emptied the lobby and nothing closed it.
  const emptiedBeforeClosing = () => TableUnderTest.opened(ann, plan([human, human])).apply({ type: 'SeatLeft', data: { seat: 's1', account: ann } });

  it('given an old stream whose host left the table empty, when someone sits, then they host it and may start it once full', () => {
    const table = emptiedBeforeClosing();
    expect(lobby(table).host).toEqual(ann);
    expect(table.when(join(bob))).toEqual([
      { type: 'SeatTaken', data: { seat: 's1', account: bob } },
      { type: 'HostHandedOver', data: { from: ann, to: bob } },
    ]);
    table.do(join(bob)).do(join(cyd));
    expect(table.verdict(start(bob))).toBe('accepted');
  });

  it('given an old stream whose host left the table empty, when the host sits again, then they simply host it again', () => {
    const table = emptiedBeforeClosing();
    expect(handOvers(table.when(join(ann)))).toEqual([]);
  });

  it('given a CPU-only table the host watches, then nobody else can take the role (no seat to sit in)', () => {
    const table = TableUnderTest.opened(ann, plan([{ kind: 'cpu' }, { kind: 'cpu' }]));
    expect(table.verdict(join(bob))).toBe('NO_FREE_SEAT');
    expect(table.verdict(start(ann))).toBe('accepted');
  });

  it('given a tournament table, then its organiser keeps hosting whoever leaves or sits (the director starts it)', () => {
    const seated = (who: typeof ann): SeatRequest => ({ kind: 'human', account: who });
    const tournament = { tournamentId: 't1', round: 1, table: 1 };
    const table = new TableUnderTest().do(open(ann, plan([seated(ann), seated(bob)], { tournament })));
    expect(handOvers(table.when(leave(ann)))).toEqual([]);
    table.do(leave(ann));
    expect(handOvers(table.when(join(cyd)))).toEqual([]);
  });
});
