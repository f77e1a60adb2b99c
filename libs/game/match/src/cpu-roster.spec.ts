import fc from 'fast-check';
import { CPU_ROSTER } from './cpu-roster';
import type { SeatPlan } from './events';
import { evolveTable, initialTable, seatName } from './table';
import { ann, bob, cpu, human, join, leave, plan, start, TableUnderTest } from './testing/table';

/** The seats of a lobby opened from `seats` (through the real decider). */
function seatsOf(table: TableUnderTest) {
  return table.state.table.status === 'none' ? [] : table.state.table.seats;
}

describe('default names of CPU seats (ADR 0075)', () => {
  it('given three unnamed CPUs of one level, then each goes by its own roster name, in seat order', () => {
    const table = TableUnderTest.opened(ann, plan([human, cpu, cpu, cpu]));
    expect(seatsOf(table).map(seatName)).toEqual(['ann', 'B. Pascal', 'P. Fermat', 'G. Cardano']);
  });

  it('given a host named a CPU like a roster name, then no other seat gets that name (case ignored)', () => {
    const table = TableUnderTest.opened(ann, plan([human, cpu, { kind: 'cpu', name: 'b. pascal' }, cpu]));
    expect(seatsOf(table).map(seatName)).toEqual(['ann', 'P. Fermat', 'b. pascal', 'G. Cardano']);
  });

  it('given a seat a CPU takes over, then it goes by the roster name its seat holds, apart from every CPU', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, cpu]))
      .do(join(bob))
      .do(start(ann))
      .roll()
      .do(leave(bob));
    expect(seatsOf(table).map(seatName)).toEqual(['ann', 'G. Cardano', 'B. Pascal']);
  });

  it('given a stream recorded before the names, when it is folded, then its unnamed CPUs get the same names', () => {
    const seats: SeatPlan[] = [
      { seat: 's1', kind: 'cpu', difficulty: 'medium' },
      { seat: 's2', kind: 'cpu', difficulty: 'medium' },
    ];
    const opened = TableUnderTest.opened(ann, plan([cpu, cpu])).events[0];
    if (opened?.type !== 'MatchOpened') throw new Error('no MatchOpened');
    const old = evolveTable(initialTable, { type: 'MatchOpened', data: { ...opened.data, seats } });
    expect(old.status !== 'none' && old.seats.map(seatName)).toEqual(['B. Pascal', 'P. Fermat']);
  });

  it('every roster name is a valid CPU name that no account name can be (it holds a space)', () => {
    expect(new Set(CPU_ROSTER.map((name) => name.toLowerCase())).size).toBe(CPU_ROSTER.length);
    for (const name of CPU_ROSTER) expect(name).toMatch(/^[\p{L}.]+(?: [\p{L}.]+)+$/u);
  });

  it('property: at any table of 2 to 6 seats, whatever names its host gave, every seat has a name of its own', () => {
    const name = fc.option(fc.constantFrom(...CPU_ROSTER, 'Dan', 'p. FERMAT'), { nil: undefined });
    const seat = fc.oneof(fc.constant(human), fc.record({ kind: fc.constant('cpu' as const), name }));
    fc.assert(
      fc.property(fc.array(seat, { minLength: 2, maxLength: 6 }), (seats) => {
        // Two seats given the same name keep it (the host chose so); the others never join them.
        const given = seats.flatMap((s) => (s.name ? [s.name.toLowerCase()] : []));
        const names = seatsOf(TableUnderTest.opened(ann, plan(seats))).map(
          (s) => s.name?.toLowerCase() ?? '',
        );
        const defaults = names.filter((_, i) => !seats[i]?.name);
        expect(new Set(defaults).size).toBe(defaults.length);
        for (const d of defaults) expect(given).not.toContain(d);
        expect(defaults.every((d) => CPU_ROSTER.some((r) => r.toLowerCase() === d))).toBe(true);
      }),
    );
  });
});
