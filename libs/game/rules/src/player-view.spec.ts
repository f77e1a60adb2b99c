import { playerView } from './player-view';
import { hand, Table } from './testing/table';

describe('playerView (rules.md §9)', () => {
  const table = () => Table.create('perudo', ['a', 'b', 'c']).roll({ a: [1, 2, 3, 4, 5], b: hand(5, 6), c: hand(5, 4) }).bid('a', 2, 3);

  it('shows a player their own dice and only the public counts of others', () => {
    const view = playerView(table().state, 'b');
    expect(view).toMatchObject({ me: 'b', myDice: [6, 6, 6, 6, 6], toAct: 'b', round: { number: 1, bids: [{ by: 'a', quantity: 2, face: 3 }] } });
    expect(view?.players).toEqual([
      { id: 'a', dice: 5, bullets: 0, out: false },
      { id: 'b', dice: 5, bullets: 0, out: false },
      { id: 'c', dice: 5, bullets: 0, out: false },
    ]);
    expect(JSON.stringify(view)).not.toContain('[1,2,3,4,5]');
    expect(JSON.stringify(view)).not.toContain('[4,4,4,4,4]');
  });

  it('shows a spectator no dice at all', () => {
    const view = playerView(table().state, null);
    expect(view?.myDice).toEqual([]);
    expect(JSON.stringify(view)).not.toMatch(/\[(\d,){4}\d\]/);
  });

  it('reveals every hand of a round once it has ended', () => {
    const view = playerView(table().liar('b').state, 'c');
    expect(view?.history[0]?.dice).toEqual({ a: [1, 2, 3, 4, 5], b: hand(5, 6), c: hand(5, 4) });
    expect(view?.round).toBeNull();
  });

  it('has no view of a match that does not exist', () => {
    expect(playerView({ status: 'none' }, 'a')).toBeNull();
  });
});
