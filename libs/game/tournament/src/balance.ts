/**
 * Table sizes for `players` at tables of at most `max`: the fewest tables, sizes differing by at most one,
 * larger tables first (13 at max 6 → 5, 4, 4). Fewest tables also makes the smallest table as large as any
 * balanced seating allows, so a table is below the tournament's minimum only when no balanced seating within
 * the limits exists (7 players at 4–6 → 4, 3). Fewer than two players cannot be seated.
 */
export function balancedTableSizes(players: number, max: number): number[] {
  if (players < 2) return [];
  const tables = Math.ceil(players / max);
  const base = Math.floor(players / tables);
  const larger = players % tables;
  return Array.from({ length: tables }, (_, i) => (i < larger ? base + 1 : base));
}

/** Splits `items` into consecutive runs of the given sizes. */
export function chunk<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  let start = 0;
  return sizes.map((size) => items.slice(start, (start += size)));
}
