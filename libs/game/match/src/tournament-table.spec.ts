import type { Actor } from './actor';
import type { TableCommand } from './commands';
import type { SeatRequest } from './plan';
import { seatHeldBy } from './table';
import { account, ann, bob, cpu, cyd, human, liar, open, plan, start, TableUnderTest } from './testing/table';
import type { AccountRef } from './vocabulary';

// A tournament's table (docs/tournaments.md): its draw fixes who sits where, its organiser hosts, its
// process manager (the director) opens, starts and takes leavers out.
const org: AccountRef = { id: 'o9', name: 'org' };
const director: Actor = { kind: 'director', tournamentId: 't1' };
const seated = (who: AccountRef): SeatRequest => ({ kind: 'human', account: who });
const tournament = { tournamentId: 't1', round: 2, table: 3 };
const removal = (who: AccountRef, by: Actor = director): TableCommand => ({ type: 'LeaveMatch', data: { actor: by, player: who, at: 4_000 } });

function tournamentTable(seats: readonly SeatRequest[] = [seated(bob), seated(ann), seated(cyd)], ranked = true): TableUnderTest {
  return TableUnderTest.opened(org, plan(seats, { ranked, tournament }));
}

describe('a tournament table (reserved seats, a director)', () => {
  it('seats every reserved account at the opening, in the drawn order, and the organiser only hosts', () => {
    const table = tournamentTable();
    expect(table.events.map((e) => e.type)).toEqual(['MatchOpened', 'SeatTaken', 'SeatTaken', 'SeatTaken']);
    expect(table.events[0]).toMatchObject({ data: { tournament, host: org } });
    const open = table.state.table;
    if (open.status === 'none') throw new Error('not opened');
    expect(open.seats.map((s) => s.holder?.name)).toEqual(['bob', 'ann', 'cyd']);
    expect(seatHeldBy(open, org.id)).toBeUndefined();
    // The host starts it: nothing is free
    expect(table.verdict(start(org))).toBe('accepted');
  });

  it('lets a host who plays at the table keep the one seat reserved for them', () => {
    const table = TableUnderTest.opened(ann, plan([seated(bob), seated(ann)], { tournament }));
    expect(table.events.filter((e) => e.type === 'SeatTaken')).toHaveLength(2);
  });

  it.each`
    seats                                                         | source
    ${[{ kind: 'cpu', account: bob }, human]}                     | ${'only a human seat is reserved for an account'}
    ${[seated(bob), seated(bob)]}                                 | ${'an account holds one seat at most'}
    ${[{ kind: 'human', account: { id: '', name: 'x' } }, human]} | ${'an account reference has an id'}
  `('refuses $seats — $source', ({ seats }) => {
    expect(new TableUnderTest().verdict(open(org, plan(seats, { tournament })))).toBe('BAD_USER_INPUT');
  });

  it('lets its own director take a leaver out: a forfeit at a ranked table, a CPU at an unranked one', () => {
    const ranked = tournamentTable().do(start(org)).roll();
    expect(ranked.when(removal(ann))).toEqual(expect.arrayContaining([{ type: 'PlayerForfeited', data: { player: 's2' } }]));
    const unranked = tournamentTable([seated(bob), seated(ann), cpu], false).do(start(org)).roll();
    expect(unranked.when(removal(ann))).toEqual([{ type: 'SeatHandedToCpu', data: { seat: 's2', difficulty: 'medium', previous: ann } }]);
  });

  it('refuses another tournament’s director, a director without a player, and a director who plays', () => {
    const table = tournamentTable().do(start(org)).roll();
    expect(table.verdict(removal(ann, { kind: 'director', tournamentId: 't2' }))).toBe('FORBIDDEN');
    expect(table.verdict({ type: 'LeaveMatch', data: { actor: director, at: 4_000 } })).toBe('FORBIDDEN');
    expect(table.verdict(removal(org))).toBe('FORBIDDEN');
    expect(table.verdict(liar(director))).toBe('FORBIDDEN');
    // A player's own leave still works as before
    expect(table.verdict({ type: 'LeaveMatch', data: { actor: account(cyd), at: 4_000 } })).toBe('accepted');
  });
});
