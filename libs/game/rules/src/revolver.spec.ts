import { exactSpotOnBy, hand, loseOneDie, Table, timeOut } from './testing/table';

const revolver = (options?: object, players = ['a', 'b', 'c']) => Table.create('revolver', players, options);
const rollAll = (table: Table, face = 2) => table.roll(Object.fromEntries(['a', 'b', 'c'].map((p) => [p, hand(5, face)])));

describe('the revolver (rules.md §6, seed 002)', () => {
  it.each`
    bullets | source
    ${1}    | ${'rules.md §1: default 1'}
    ${3}    | ${'seed 002: the first loss loads the table’s configured bullets'}
  `('loads $bullets bullet(s) on a first loss, then pulls the trigger — $source', ({ bullets }) => {
    const table = rollAll(revolver({ bullets })).bid('a', 1, 6).liar('b');
    expect(table.events.at(-1)).toMatchObject({ type: 'RevolverLoaded', data: { player: 'a', bullets, reason: 'loss' } });
    expect(table.state).toMatchObject({ status: 'resolving', shotsDue: [{ player: 'a', bullets }] });
  });

  it('adds one bullet per later loss and never removes one', () => {
    const table = revolver({ bullets: 1 });
    for (let loss = 0; loss < 3; loss++) loseOneDie(table, 'a').pull(6);
    const loads = table.events.flatMap((e) => (e.type === 'RevolverLoaded' ? [e.data.bullets] : []));
    expect(loads).toEqual([1, 2, 3]);
  });

  it('never loads more than six', () => {
    // Given a carries two permanent bullets from two correct exact calls by b
    const table = revolver({ bullets: 5 });
    exactSpotOnBy(table, 'b').pull(6).pull(6);
    exactSpotOnBy(table, 'b').pull(6).pull(6);
    // When a loses for the first time (2 + 5 would be 7)
    loseOneDie(table, 'a');
    // Then six are loaded
    expect(table.events.at(-1)).toMatchObject({ type: 'RevolverLoaded', data: { player: 'a', bullets: 6 } });
  });

  it('kills iff the chamber is at most the bullets loaded', () => {
    const survive = rollAll(revolver({ bullets: 2 })).bid('a', 1, 6).liar('b').pull(3);
    expect(survive.events.at(-2)).toMatchObject({ type: 'TriggerPulled', data: { chamber: 3, bullets: 2, fatal: false, pull: 1 } });
    const die = rollAll(revolver({ bullets: 2 })).bid('a', 1, 6).liar('b').pull(2);
    expect(die.types().slice(-3)).toEqual(['TriggerPulled', 'PlayersEliminated', 'RoundEnded']);
    expect(die.events.at(-2)).toMatchObject({ data: { players: ['a'], place: 3 } });
  });

  it('never changes the dice: everyone rolls five every round (rules.md §6)', () => {
    const table = rollAll(revolver()).bid('a', 1, 6).liar('b').pull(4);
    expect(table.verdict({ type: 'RollDice', data: { dice: { a: hand(4, 2), b: hand(5, 2), c: hand(5, 2) } } })).toBe('INVALID_DICE');
    expect(table.verdict({ type: 'RollDice', data: { dice: { a: hand(5, 2), b: hand(5, 2), c: hand(5, 2) } } })).toBe('accepted');
  });

  it('makes everyone else load one bullet and shoot in seat order after a correct exact call', () => {
    // Given four players and an exact bid of 15 × 2 by b, when c calls spot-on
    const table = Table.create('revolver', ['a', 'b', 'c', 'd'], { bullets: 3 });
    table.roll({ a: hand(5, 2), b: hand(5, 2), c: hand(5, 3), d: hand(5, 2) }).bid('a', 14, 2).bid('b', 15, 2).spotOn('c');
    // Then d, a, b each add one bullet (not a loss: one, not three) and shoot in that order
    expect(table.events.slice(-3).map((e) => e.type === 'RevolverLoaded' && [e.data.player, e.data.bullets, e.data.reason])).toEqual([
      ['d', 1, 'exact-call'],
      ['a', 1, 'exact-call'],
      ['b', 1, 'exact-call'],
    ]);
    // When d and b are hit by the same call, they share a place, named in the order they were shot
    table.pull(1).pull(2).pull(1);
    expect(table.events.at(-2)).toMatchObject({ type: 'PlayersEliminated', data: { players: ['d', 'b'], place: 3 } });
    expect(table.state).toMatchObject({ next: { starter: 'c' } });
  });

  it('gives the caller the revolver as a loser when the exact call is wrong', () => {
    const table = rollAll(revolver({ bullets: 2 })).bid('a', 14, 2).spotOn('b');
    expect(table.events.at(-1)).toMatchObject({ type: 'RevolverLoaded', data: { player: 'b', bullets: 2, reason: 'loss' } });
  });

  it('on a timeout, the house loads all six chambers and fires: the player is out (seed 002)', () => {
    const table = rollAll(revolver()).bid('a', 2, 2);
    table.do(timeOut('b')).pull(6);
    expect(table.types().slice(-5)).toEqual(['TurnTimedOut', 'RevolverLoaded', 'TriggerPulled', 'PlayersEliminated', 'RoundEnded']);
    expect(table.state).toMatchObject({ next: { starter: 'c' } });
  });

  it('finishes with the last player alive; simultaneous deaths share the place', () => {
    const table = Table.create('revolver', ['a', 'b', 'c']);
    table.roll({ a: hand(5, 2), b: hand(5, 3), c: hand(5, 2) }).bid('a', 10, 2).spotOn('b').pull(1).pull(1);
    expect(table.events.at(-1)).toMatchObject({ type: 'MatchFinished', data: { winner: 'b', placements: [['b'], ['c', 'a']] } });
  });

  it('refuses a trigger pull that is not due, or a chamber out of 1–6', () => {
    const table = rollAll(revolver());
    expect(table.verdict({ type: 'PullTrigger', data: { chamber: 1 } })).toBe('UNEXPECTED_COMMAND');
    table.bid('a', 1, 6).liar('b');
    expect(table.verdict({ type: 'PullTrigger', data: { chamber: 7 } })).toBe('INVALID_CHAMBER');
    expect(table.verdict({ type: 'PullTrigger', data: { chamber: 0 } })).toBe('INVALID_CHAMBER');
  });
});
