import { bid, exactSpotOnBy, hand, loseOneDie, spotOn, Table } from './testing/table';

/** A perudo table where `a` has just dropped from 2 dice to 1 (four lost challenges). */
function aDownToOneDie(players = ['a', 'b', 'c'], options?: object): Table {
  const table = Table.create('perudo', players, options);
  for (let lost = 0; lost < 4; lost++) {
    const dice = Object.fromEntries(players.map((p) => [p, hand(p === 'a' ? 5 - lost : 5, 2)]));
    table.roll(dice).bid('a', 1, 6).liar('b');
  }
  return table;
}

describe('palifico (rules.md §5, seed 001)', () => {
  it('follows a drop from 2 dice to 1, started by that player', () => {
    expect(aDownToOneDie().state).toMatchObject({ status: 'awaiting-roll', next: { starter: 'a', palifico: true } });
  });

  it('is not played when the table turned it off, nor in classic', () => {
    expect(aDownToOneDie(['a', 'b', 'c'], { palifico: false }).state).toMatchObject({ next: { palifico: false } });
    const classic = Table.create('classic', ['a', 'b'], { startingDice: 3 });
    classic.roll({ a: hand(3, 2), b: hand(3, 2) }).bid('a', 1, 6).liar('b');
    classic.roll({ a: hand(2, 2), b: hand(3, 2) }).bid('a', 1, 6).liar('b');
    expect(classic.state).toMatchObject({ next: { palifico: false } });
  });

  it('makes 1s not wild: an opening on 1s is allowed and 1s do not count for other faces', () => {
    const table = aDownToOneDie().roll({ a: [1], b: [1, 1, 3, 3, 3], c: [2, 2, 3, 6, 6] });
    expect(table.verdict(bid('a', 1, 1))).toBe('accepted');
    table.bid('a', 4, 3).liar('b');
    expect(table.events.find((e) => e.type === 'LiarCalled' && e.data.bid.quantity === 4)).toMatchObject({ data: { count: 4, holds: true } });
  });

  it('locks the face for players holding more than one die (FACE_LOCKED), who may only raise the quantity', () => {
    const table = aDownToOneDie().roll({ a: [4], b: hand(5, 3), c: hand(5, 2) }).bid('a', 2, 4);
    expect(table.verdict(bid('b', 3, 5))).toBe('FACE_LOCKED');
    expect(table.verdict(bid('b', 2, 5))).toBe('FACE_LOCKED');
    expect(table.verdict(bid('b', 2, 4))).toBe('BID_TOO_LOW');
    expect(table.verdict(bid('b', 3, 4))).toBe('accepted');
  });

  it('lets another one-die player change the face with any legal raise; the new face is then locked', () => {
    // Given b and then a drop to one die; b's palifico round is played, then a's begins with a bid of 2 × 6
    const table = Table.create('perudo', ['a', 'b', 'c']);
    for (let i = 0; i < 4; i++) loseOneDie(table, 'b');
    loseOneDie(table, 'c');
    for (let i = 0; i < 4; i++) loseOneDie(table, 'a');
    expect(table.state).toMatchObject({ next: { starter: 'a', palifico: true } });
    table.roll({ a: [6], b: [4], c: hand(4, 2) }).bid('a', 2, 6);
    // When b (one die) changes the face: any legal raise without wild 1s
    expect(table.verdict(bid('b', 2, 5))).toBe('BID_TOO_LOW');
    table.bid('b', 3, 1);
    // Then the new face is locked for c (four dice)
    expect(table.verdict(bid('c', 4, 6))).toBe('FACE_LOCKED');
    expect(table.verdict(bid('c', 4, 1))).toBe('accepted');
  });

  it('turns spot-on off for the round (SPOT_ON_DISABLED)', () => {
    const table = aDownToOneDie().roll({ a: [4], b: hand(5, 3), c: hand(5, 2) }).bid('a', 1, 4);
    expect(table.verdict(spotOn('b'))).toBe('SPOT_ON_DISABLED');
  });

  it('happens at most once per player, even after a die is regained by spot-on', () => {
    // Given a's palifico round has been played
    const table = aDownToOneDie();
    loseOneDie(table, 'b');
    // When a regains a die by spot-on and later drops from two to one again
    exactSpotOnBy(table, 'a');
    expect(table.state.status !== 'none' && table.state.seats[0]?.dice).toBe(2);
    loseOneDie(table, 'a');
    // Then the next round is not a palifico round
    expect(table.state).toMatchObject({ next: { starter: 'a', palifico: false } });
  });
});
