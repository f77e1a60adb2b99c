import { bid, liar, loseOneDie, Table } from './testing/table';

describe('elimination, next starter, winner and placements (rules.md §8)', () => {
  it('eliminates a player with no dice; the next player still in starts (seed 000, seed 001)', () => {
    const table = Table.create('classic', ['a', 'b', 'c'], { startingDice: 3 });
    for (let i = 0; i < 3; i++) loseOneDie(table, 'b');
    expect(table.types().slice(-3)).toEqual(['DieLost', 'PlayersEliminated', 'RoundEnded']);
    expect(table.state).toMatchObject({ status: 'awaiting-roll', next: { starter: 'c' } });
  });

  it('skips eliminated players when passing the turn', () => {
    const table = Table.create('classic', ['a', 'b', 'c'], { startingDice: 3 });
    for (let i = 0; i < 3; i++) loseOneDie(table, 'b');
    table.roll({ a: [2, 2, 2], c: [2, 2, 2] }).bid('c', 1, 2);
    expect(table.state).toMatchObject({ toAct: 'a' });
  });

  it('ends with the last player in; later out ranks higher', () => {
    const table = Table.create('perudo', ['a', 'b', 'c'], { palifico: false });
    for (let i = 0; i < 5; i++) loseOneDie(table, 'c');
    for (let i = 0; i < 5; i++) loseOneDie(table, 'a');
    expect(table.events.at(-1)).toMatchObject({ type: 'MatchFinished', data: { winner: 'b', placements: [['b'], ['a'], ['c']] } });
    expect(table.state).toMatchObject({ status: 'finished', winner: 'b' });
  });

  it('refuses every action once the match is over (MATCH_OVER), but still names strangers first', () => {
    const table = Table.create('classic', ['a', 'b'], { startingDice: 3 });
    for (let i = 0; i < 3; i++) loseOneDie(table, 'a');
    expect(table.verdict(bid('b', 1, 2))).toBe('MATCH_OVER');
    expect(table.verdict(liar('a'))).toBe('MATCH_OVER');
    expect(table.verdict(bid('zed', 1, 2))).toBe('UNKNOWN_PLAYER');
  });

  it('voids the round when a player forfeits and places them below everyone still in', () => {
    const table = Table.create('classic', ['a', 'b', 'c']).roll({ a: [2, 2, 2, 2, 2], b: [3, 3, 3, 3, 3], c: [4, 4, 4, 4, 4] });
    table.bid('a', 2, 2).do({ type: 'Forfeit', data: { player: 'b' } });
    expect(table.types().slice(-3)).toEqual(['PlayerForfeited', 'PlayersEliminated', 'RoundEnded']);
    expect(table.events.at(-2)).toMatchObject({ data: { players: ['b'], place: 3 } });
    expect(table.state).toMatchObject({ status: 'awaiting-roll', next: { number: 2, starter: 'a' } });
    table.do({ type: 'Forfeit', data: { player: 'a' } });
    expect(table.events.at(-1)).toMatchObject({ type: 'MatchFinished', data: { winner: 'c', placements: [['c'], ['a'], ['b']] } });
  });
});
