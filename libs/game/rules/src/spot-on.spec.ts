import { hand, spotOn, Table } from './testing/table';

describe('spot-on / calza in perudo (rules.md §5)', () => {
  const perudo = (options?: object) => Table.create('perudo', ['a', 'b', 'c'], options);

  it('regains a die for an exact call, and nobody loses one', () => {
    // Given c already lost a die
    const table = perudo().roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 1, 2).bid('b', 2, 2).liar('c');
    table.roll({ a: hand(5, 2), b: hand(5, 3), c: hand(4, 4) }).bid('c', 1, 3).bid('a', 2, 3).bid('b', 5, 3);
    // When c calls spot-on and exactly five 3s are out
    table.spotOn('c');
    // Then c regains one die and starts the next round; nobody loses one
    expect(table.types().slice(-3)).toEqual(['SpotOnCalled', 'DieRegained', 'RoundEnded']);
    expect(table.events.at(-2)).toMatchObject({ data: { player: 'c', dice: 5 } });
    expect(table.state).toMatchObject({ next: { starter: 'c' } });
  });

  it('never regains above the starting dice (seed 001: up to your starting 5)', () => {
    const table = perudo().roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 5, 3).spotOn('b');
    expect(table.types().slice(-2)).toEqual(['SpotOnCalled', 'RoundEnded']);
    expect(table.state.status !== 'none' && table.state.seats.map((s) => s.dice)).toEqual([5, 5, 5]);
  });

  it('costs the caller a die when the count is higher or lower, and the caller starts next', () => {
    const table = perudo().roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 4, 3).spotOn('b');
    expect(table.events.at(-3)).toMatchObject({ type: 'SpotOnCalled', data: { exact: false, count: 5 } });
    expect(table.events.at(-2)).toMatchObject({ type: 'DieLost', data: { player: 'b', dice: 4 } });
    expect(table.state).toMatchObject({ next: { starter: 'b' } });
  });

  it('is refused with SPOT_ON_DISABLED when the table turned it off', () => {
    const table = perudo({ spotOn: false }).roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 4, 3);
    expect(table.verdict(spotOn('b'))).toBe('SPOT_ON_DISABLED');
  });

  it('does not exist in classic (rules.md §1)', () => {
    const table = Table.create('classic', ['a', 'b']).roll({ a: hand(5, 2), b: hand(5, 3) }).bid('a', 4, 3);
    expect(table.verdict(spotOn('b'))).toBe('SPOT_ON_DISABLED');
    expect(Table.create('classic', ['a', 'b']).state).toMatchObject({ options: { spotOn: false, palifico: false } });
  });
});
