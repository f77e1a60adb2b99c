/**
 * Places around the table, as cells of a 3 × 3 grid whose middle cell is the felt: bottom, bottom-left, left,
 * top-left, top, top-right, right, bottom-right (clockwise, as the turn passes).
 */
export type Place = 'b' | 'bl' | 'l' | 'tl' | 't' | 'tr' | 'r' | 'br';

/** Which places a table of n seats uses, clockwise from the bottom: opposite seats face each other across it. */
const PLACES: Readonly<Record<number, readonly Place[]>> = {
  1: ['b'],
  2: ['b', 't'],
  3: ['b', 'tl', 'tr'],
  4: ['b', 'l', 't', 'r'],
  5: ['b', 'l', 'tl', 'tr', 'r'],
  6: ['b', 'bl', 'tl', 't', 'tr', 'br'],
};

/**
 * Where each seat sits: the viewer's own seat at the bottom (as a board game shows the board from the player's
 * side), the others clockwise in playing order; a spectator sees the first seat at the bottom.
 */
export function placesOf(seats: readonly string[], me: string | null): Place[] {
  const places = PLACES[seats.length] ?? PLACES[6] ?? [];
  const first = Math.max(0, me === null ? 0 : seats.indexOf(me));
  return seats.map((_, i) => places[(i - first + seats.length) % seats.length] ?? 'b');
}
