import { placesOf } from './table-layout';

const seats = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

describe('where seats sit around the table', () => {
  it.each`
    n    | me      | places
    ${2} | ${'s1'} | ${['b', 't']}
    ${3} | ${'s1'} | ${['b', 'tl', 'tr']}
    ${3} | ${'s2'} | ${['tr', 'b', 'tl']}
    ${4} | ${'s3'} | ${['t', 'r', 'b', 'l']}
    ${5} | ${null} | ${['b', 'l', 'tl', 'tr', 'r']}
    ${6} | ${'s6'} | ${['bl', 'tl', 't', 'tr', 'br', 'b']}
  `(
    'given $n seats seen from $me, then the viewer sits at the bottom and the turn goes clockwise: $places',
    ({ n, me, places }) => {
      expect(placesOf(seats(n), me)).toEqual(places);
    },
  );

  it('given any table, then no two seats share a place and a spectator sees the first seat at the bottom', () => {
    for (let n = 2; n <= 6; n++) {
      for (const me of [null, ...seats(n)]) expect(new Set(placesOf(seats(n), me)).size).toBe(n);
      expect(placesOf(seats(n), null)[0]).toBe('b');
    }
  });
});
