import type { TableCommand } from './commands';
import { ann, bob, close, cpu, human, open, plan, TableUnderTest } from './testing/table';
import { isLobbyHostedBy } from './table';

// A host keeps at most MAX_OPEN_LOBBIES casual lobbies open (ADR 0070): the server counts them (the match catalog)
// and the lobby decider rules, on the count it is given.

/** `open`, with the host's open lobbies as the server counted them. */
function openHosting(hosted: number, max: number, seats = [human, human, cpu], extra = {}): TableCommand {
  const command = open(ann, plan(seats, extra));
  return { ...command, data: { ...command.data, hostedLobbies: { hosted, max } } } as TableCommand;
}

describe('the cap on a host’s open lobbies', () => {
  it('given a host with 2 open lobbies and a cap of 3, when they open a third, then it opens', () => {
    expect(new TableUnderTest().verdict(openHosting(2, 3))).toBe('accepted');
  });

  it('given a host with 3 open lobbies and a cap of 3, when they open a fourth, then TOO_MANY_OPEN_LOBBIES names the cap', () => {
    expect(new TableUnderTest().when(openHosting(3, 3))).toMatchObject({
      code: 'TOO_MANY_OPEN_LOBBIES',
      message: 'you already host 3 open lobbies, the most one account may (MAX_OPEN_LOBBIES 3): start or close one first',
    });
  });

  it('given a cap of 1, then the message says so in the singular', () => {
    expect(new TableUnderTest().when(openHosting(1, 1))).toMatchObject({ message: 'you already host an open lobby, the most one account may (MAX_OPEN_LOBBIES 1): start or close one first' });
  });

  it('given a CPU-only tutorial table, then it counts like any lobby: its host can start or close it at any time', () => {
    expect(new TableUnderTest().when(openHosting(3, 3, [human, cpu], { kind: 'tutorial' }))).toMatchObject({ code: 'TOO_MANY_OPEN_LOBBIES' });
  });

  it('given a tournament table, then no cap applies: the tournament opens its own tables', () => {
    const seated = (who: typeof ann) => ({ kind: 'human' as const, account: who });
    const tournament = { tournamentId: 't1', round: 1, table: 1 };
    expect(new TableUnderTest().verdict(openHosting(50, 3, [seated(ann), seated(bob)], { tournament }))).toBe('accepted');
  });

  it('given no cap (0, or no count: a tool, the director), then any number opens', () => {
    expect(new TableUnderTest().verdict(openHosting(150, 0))).toBe('accepted');
    expect(new TableUnderTest().verdict(open(ann, plan([human, cpu])))).toBe('accepted');
  });
});

describe('what counts as a host’s open lobby', () => {
  it('given ann’s casual lobby, then it is hers while open, not bob’s, and not once closed', () => {
    const table = new TableUnderTest().do(open(ann, plan([human, human])));
    expect(isLobbyHostedBy(table.state.table, ann.id)).toBe(true);
    expect(isLobbyHostedBy(table.state.table, bob.id)).toBe(false);
    expect(isLobbyHostedBy(table.do(close(ann)).state.table, ann.id)).toBe(false);
  });
});
