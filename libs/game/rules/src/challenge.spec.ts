import type { LiarCalled } from './events';
import { hand, liar, Table, timeOut } from './testing/table';

function liarCalled(table: Table): LiarCalled['data'] {
  const event = table.events.find((e): e is LiarCalled => e.type === 'LiarCalled');
  if (!event) throw new Error('no LiarCalled event');
  return event.data;
}

describe('liar (rules.md §3 counting, §4 resolution)', () => {
  it.each`
    dice                                                   | bidQ | bidF | wild     | count | holds    | source
    ${{ a: [1, 4, 4], b: [2, 3, 5], c: [6, 6, 2] }}         | ${3} | ${4} | ${true}  | ${3}  | ${true}  | ${'seed 000: your 1, 4, 4 count as three 4s'}
    ${{ a: [1, 4, 4], b: [2, 3, 5], c: [6, 6, 2] }}         | ${3} | ${4} | ${false} | ${2}  | ${false} | ${'seed 000: without wild each face counts alone'}
    ${{ a: [5, 5, 1], b: [5, 1, 4], c: [5, 1, 3] }}         | ${7} | ${5} | ${true}  | ${7}  | ${true}  | ${'seed 001 example: four 5s and three 1s is 7'}
    ${{ a: [2, 2, 2], b: [3, 3, 3], c: [4, 4, 4] }}         | ${3} | ${2} | ${true}  | ${3}  | ${true}  | ${'rules.md §3: an exact match holds'}
    ${{ a: [2, 2, 2], b: [3, 3, 3], c: [4, 4, 4] }}         | ${4} | ${2} | ${true}  | ${3}  | ${false} | ${'rules.md §4: short by one fails'}
  `('$bidQ × $bidF on $dice (wild $wild): count $count, holds $holds — $source', ({ dice, bidQ, bidF, wild, count, holds }) => {
    // Given a bid by a, when b calls liar
    const table = Table.create('classic', ['a', 'b', 'c'], { startingDice: 3, wildOnes: wild }).roll(dice).bid('a', bidQ, bidF).liar('b');
    // Then the count and the loser follow the rule book, and the loser loses exactly one die
    expect(liarCalled(table)).toMatchObject({ count, holds, loser: holds ? 'b' : 'a' });
    const loser = holds ? 'b' : 'a';
    expect(table.state.status !== 'none' && table.state.seats.find((s) => s.id === loser)?.dice).toBe(2);
  });

  it('counts only 1s for a bid on 1s (rules.md §3, seed 000)', () => {
    // Given 2 × 1 after an opening of 3 × 4 (⌈3/2⌉ = 2), with two 1s and three 4s out
    const table = Table.create('classic', ['a', 'b', 'c'], { startingDice: 3 }).roll({ a: [1, 4, 4], b: [1, 3, 5], c: [6, 4, 2] });
    table.bid('a', 3, 4).bid('b', 2, 1).liar('c');
    // Then the 4s do not count and the bid holds exactly
    expect(liarCalled(table)).toMatchObject({ count: 2, holds: true, loser: 'c' });
  });

  it('never takes more than one die, whatever the margin (rules.md §4, seed 000)', () => {
    const table = Table.create('classic', ['a', 'b']).roll({ a: hand(5, 2), b: hand(5, 3) }).bid('a', 10, 6).liar('b');
    expect(table.types().filter((type) => type === 'DieLost')).toHaveLength(1);
  });

  it('starts the next round with the loser (rules.md §8)', () => {
    const table = Table.create('perudo', ['a', 'b', 'c']).roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 2, 6).liar('b');
    expect(table.state).toMatchObject({ status: 'awaiting-roll', next: { number: 2, starter: 'a', palifico: false } });
  });

  it('rolls every die again: the next roll must give the new counts (rules.md §2)', () => {
    const table = Table.create('classic', ['a', 'b']).roll({ a: hand(5, 2), b: hand(5, 3) }).bid('a', 2, 6).liar('b');
    expect(table.verdict({ type: 'RollDice', data: { dice: { a: hand(5, 2), b: hand(5, 3) } } })).toBe('INVALID_DICE');
    expect(table.verdict({ type: 'RollDice', data: { dice: { a: hand(4, 2), b: hand(5, 3) } } })).toBe('accepted');
  });
});

describe('timeouts outside the revolver (rules.md §7)', () => {
  it('takes one die from the player who ran out of time and lets them start the next round', () => {
    const table = Table.create('classic', ['a', 'b', 'c'], { turnSeconds: 30 }).roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }, 1_000).bid('a', 2, 2);
    table.do(timeOut('b'));
    expect(table.types().slice(-3)).toEqual(['TurnTimedOut', 'DieLost', 'RoundEnded']);
    expect(table.state).toMatchObject({ status: 'awaiting-roll', next: { starter: 'b' } });
  });

  it('records the deadline and refuses a timeout before it (a stale timer is a no-op)', () => {
    const table = Table.create('perudo', ['a', 'b'], { turnSeconds: 30 }).roll({ a: hand(5, 2), b: hand(5, 3) }, 1_000);
    expect(table.state).toMatchObject({ turnDeadline: 31_000 });
    expect(table.verdict(timeOut('a', 30_999))).toBe('TURN_NOT_EXPIRED');
    expect(table.verdict(timeOut('a', 31_000))).toBe('accepted');
    expect(table.verdict(timeOut('b', 40_000))).toBe('NOT_YOUR_TURN');
  });

  it('applies a timeout without a clock reading whatever the timer setting (scenario files)', () => {
    const table = Table.create('classic', ['a', 'b']).roll({ a: hand(5, 2), b: hand(5, 3) });
    expect(table.verdict(timeOut('a'))).toBe('accepted');
  });
});

describe('only the player to act may act (rules.md §2)', () => {
  it('refuses a call by another player with NOT_YOUR_TURN', () => {
    const table = Table.create('classic', ['a', 'b', 'c']).roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) }).bid('a', 2, 2);
    expect(table.verdict(liar('c'))).toBe('NOT_YOUR_TURN');
    expect(table.verdict(liar('b'))).toBe('accepted');
  });
});
