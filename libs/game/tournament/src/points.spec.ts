import { placementsOf } from './points';

describe('placement points: one point for every player outlasted (docs/tournaments.md)', () => {
  it.each`
    groups                                          | expected                                                              | source
    ${[['a'], ['b'], ['c'], ['d'], ['e'], ['f']]}   | ${{ a: [1, 5], b: [2, 4], c: [3, 3], d: [4, 2], e: [5, 1], f: [6, 0] }} | ${'a table of 6: 1st is worth 5'}
    ${[['a'], ['b'], ['c']]}                        | ${{ a: [1, 2], b: [2, 1], c: [3, 0] }}                                | ${'a table of 3: 1st is worth 2, less than 1st of 6'}
    ${[['a'], ['b', 'c'], ['d']]}                   | ${{ a: [1, 3], b: [2, 1], c: [2, 1], d: [4, 0] }}                     | ${'rules.md §8: out at the same moment, same place, same points'}
    ${[['a'], ['b', 'c']]}                          | ${{ a: [1, 2], b: [2, 0], c: [2, 0] }}                                | ${'outlasting nobody is worth nothing'}
  `('$groups → [place, points] $expected — $source', ({ groups, expected }) => {
    const got = Object.fromEntries(placementsOf(groups).map((p) => [p.player, [p.place, p.outlasted]]));
    expect(got).toEqual(expected);
  });
});
