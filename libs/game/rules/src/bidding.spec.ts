import { isLegalRaise, minimumRaise } from './bidding';
import { bid, hand, Table } from './testing/table';
import type { Face } from './vocabulary';

// Rows name their source: rules.md § or the seed sheet (000 Italian app guide, 001 English printable, 002 Portuguese).
describe('raises (rules.md §3)', () => {
  it.each`
    from      | to        | wild     | legal    | source
    ${[3, 4]} | ${[4, 2]} | ${true}  | ${true}  | ${'seed 001: count up, lower face fine'}
    ${[3, 4]} | ${[3, 5]} | ${true}  | ${true}  | ${'seed 001: same count, higher face'}
    ${[3, 4]} | ${[5, 6]} | ${true}  | ${true}  | ${'seed 001: both higher'}
    ${[3, 4]} | ${[3, 3]} | ${true}  | ${false} | ${'seed 001: same count, lower face'}
    ${[3, 4]} | ${[2, 6]} | ${true}  | ${false} | ${'seed 001: lower count'}
    ${[3, 4]} | ${[3, 4]} | ${false} | ${false} | ${'rules.md §3: repeating a bid is no raise'}
    ${[5, 4]} | ${[3, 1]} | ${true}  | ${true}  | ${'rules.md §3: five 4s → three 1s'}
    ${[6, 4]} | ${[3, 1]} | ${true}  | ${true}  | ${'rules.md §3: six 4s → three 1s'}
    ${[5, 4]} | ${[2, 1]} | ${true}  | ${false} | ${'rules.md §3: to 1s needs ⌈q/2⌉'}
    ${[3, 1]} | ${[7, 2]} | ${true}  | ${true}  | ${'rules.md §3 / seed 000: three 1s → seven 2s'}
    ${[3, 1]} | ${[6, 6]} | ${true}  | ${false} | ${'rules.md §3: from 1s needs 2q+1'}
    ${[4, 1]} | ${[9, 2]} | ${true}  | ${true}  | ${'seed 001: four 1s → nine 2s'}
    ${[4, 1]} | ${[8, 6]} | ${true}  | ${false} | ${'seed 001: four 1s → eight 6s is too low'}
    ${[2, 1]} | ${[3, 1]} | ${true}  | ${true}  | ${'rules.md §3: 1s to 1s raise the count'}
    ${[2, 1]} | ${[2, 1]} | ${true}  | ${false} | ${'rules.md §3: 1s to 1s raise the count'}
    ${[2, 1]} | ${[2, 3]} | ${false} | ${true}  | ${'rules.md §3: without wild, 1 is the lowest face'}
    ${[2, 3]} | ${[2, 1]} | ${false} | ${false} | ${'rules.md §3: without wild, same count needs a higher face'}
    ${[5, 4]} | ${[3, 1]} | ${false} | ${false} | ${'rules.md §3: no halving without wild'}
  `('$from → $to (wild $wild) is legal: $legal — $source', ({ from, to, wild, legal }) => {
    const previous = { quantity: from[0], face: from[1] as Face };
    const next = { quantity: to[0], face: to[1] as Face };
    expect(isLegalRaise(previous, next, wild)).toBe(legal);
  });

  it('gives the smallest legal quantity for each face', () => {
    expect(minimumRaise(null, 5, true)).toBe(1);
    expect(minimumRaise({ quantity: 7, face: 4 }, 1, true)).toBe(4);
    expect(minimumRaise({ quantity: 7, face: 4 }, 3, true)).toBe(8);
    expect(minimumRaise({ quantity: 7, face: 4 }, 5, true)).toBe(7);
  });
});

describe('bids at the table (rules.md §3, scenario-format error codes)', () => {
  const classic = (options?: object) => Table.create('classic', ['a', 'b', 'c'], options).roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 4) });

  it.each`
    quantity | face   | verdict           | source
    ${1}     | ${2}   | ${'accepted'}     | ${'rules.md §3: quantity from 1'}
    ${15}    | ${6}   | ${'accepted'}     | ${'rules.md §3: up to every die in play'}
    ${16}    | ${6}   | ${'INVALID_BID'}  | ${'rules.md §3: never above the dice in play'}
    ${0}     | ${3}   | ${'INVALID_BID'}  | ${'scenario-format: quantity from 1'}
    ${2.5}   | ${3}   | ${'INVALID_BID'}  | ${'scenario-format: a whole number'}
    ${2}     | ${7}   | ${'INVALID_BID'}  | ${'scenario-format: face 1–6'}
    ${2}     | ${0}   | ${'INVALID_BID'}  | ${'scenario-format: face 1–6'}
    ${2}     | ${1}   | ${'ONES_NOT_ALLOWED'} | ${'rules.md §3 / seed 000: wild-active opening is 2–6'}
  `('an opening of $quantity × $face is $verdict — $source', ({ quantity, face, verdict }) => {
    expect(classic().verdict(bid('a', quantity, face))).toBe(verdict);
  });

  it('allows opening on 1s when wild 1s are off (seed 000)', () => {
    expect(classic({ wildOnes: false }).verdict(bid('a', 2, 1))).toBe('accepted');
  });

  it('checks INVALID_BID before ONES_NOT_ALLOWED (scenario-format order)', () => {
    expect(classic().verdict(bid('a', 99, 1))).toBe('INVALID_BID');
  });

  it('passes the turn to the next player in seat order, wrapping around (rules.md §2)', () => {
    const table = classic().bid('a', 2, 3).bid('b', 3, 3);
    expect(table.state).toMatchObject({ status: 'bidding', toAct: 'c' });
    table.bid('c', 4, 3);
    expect(table.state).toMatchObject({ toAct: 'a' });
  });

  it('rejects a raise that is too low with BID_TOO_LOW and leaves the turn where it was', () => {
    const table = classic().bid('a', 5, 4);
    expect(table.verdict(bid('b', 2, 1))).toBe('BID_TOO_LOW');
    expect(table.verdict(bid('b', 3, 1))).toBe('accepted');
  });

  it('forbids bids on 1s in revolver while 1s are wild, even as a raise (rules.md §3, seed 002)', () => {
    const table = Table.create('revolver', ['a', 'b']).roll({ a: hand(5, 2), b: hand(5, 3) }).bid('a', 4, 5);
    expect(table.verdict(bid('b', 9, 1))).toBe('ONES_NOT_ALLOWED');
  });

  it('treats 1s as a normal face in revolver when wild is off (rules.md §1)', () => {
    const table = Table.create('revolver', ['a', 'b'], { wildOnes: false }).roll({ a: hand(5, 2), b: hand(5, 3) });
    expect(table.verdict(bid('a', 2, 1))).toBe('accepted');
  });

  it.each`
    command                                      | verdict
    ${bid('zed', 1, 2)}                          | ${'UNKNOWN_PLAYER'}
    ${bid('b', 1, 2)}                            | ${'NOT_YOUR_TURN'}
    ${{ type: 'CallLiar', data: { by: 'a' } }}   | ${'NO_BID'}
    ${{ type: 'CallSpotOn', data: { by: 'a' } }} | ${'NO_BID'}
  `('rejects $command.type by $command.data.by with $verdict', ({ command, verdict }) => {
    expect(classic().verdict(command)).toBe(verdict);
  });
});
