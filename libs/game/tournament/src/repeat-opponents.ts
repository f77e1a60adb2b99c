import type { PlayerId } from '@liars-dice/game-rules';

export interface GroupingCost {
  /** Who has already sat with whom. */
  readonly met: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>;
  /** Points per player, for grouping by points (swiss); null when points do not matter (knockout). */
  readonly points: ReadonlyMap<PlayerId, number> | null;
  /** What one repeated pair costs, in points of spread between a table's highest and lowest. */
  readonly repeatWeight: number;
}

/** How far apart (in table order) two tables may be to trade players, and how many sweeps are made at most. */
export const SWAP_WINDOW = 3;
export const MAX_SWEEPS = 6;

/** A table's cost: repeated pairs × weight + the spread of points at the table. */
export function tableCost(players: readonly PlayerId[], cost: GroupingCost): number {
  let repeats = 0;
  let high = -Infinity;
  let low = Infinity;
  for (let i = 0; i < players.length; i++) {
    const a = players[i] as PlayerId;
    repeats += repeatsAfter(players, i, cost.met.get(a));
    const points = cost.points?.get(a) ?? 0;
    high = Math.max(high, points);
    low = Math.min(low, points);
  }
  return repeats * cost.repeatWeight + (players.length === 0 ? 0 : high - low);
}

function repeatsAfter(players: readonly PlayerId[], i: number, seen: ReadonlySet<PlayerId> | undefined): number {
  if (!seen) return 0;
  let repeats = 0;
  for (let j = i + 1; j < players.length; j++) if (seen.has(players[j] as PlayerId)) repeats++;
  return repeats;
}

/**
 * Lowers the total cost by swapping single players between tables at most SWAP_WINDOW apart, sweeping the
 * tables in order and keeping a swap only when it strictly lowers the cost, until a sweep changes nothing
 * (at most MAX_SWEEPS). Deterministic: the same tables and costs always give the same result, which is what
 * lets anyone recompute a seating from the revealed seed. Changes `tables` in place; sizes never change.
 */
export function minimiseRepeats(tables: PlayerId[][], cost: GroupingCost): void {
  const costs = tables.map((table) => tableCost(table, cost));
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let improved = false;
    for (let i = 0; i < tables.length; i++) {
      const last = Math.min(tables.length - 1, i + SWAP_WINDOW);
      for (let j = i + 1; j <= last; j++) improved = tryPair(tables, costs, [i, j], cost) || improved;
    }
    if (!improved) return;
  }
}

/** Tries every single swap between two tables, keeping each one that lowers their joint cost. */
function tryPair(tables: PlayerId[][], costs: number[], [i, j]: [number, number], cost: GroupingCost): boolean {
  const left = tables[i] as PlayerId[];
  const right = tables[j] as PlayerId[];
  let improved = false;
  for (let a = 0; a < left.length; a++) {
    for (let b = 0; b < right.length && (costs[i] as number) + (costs[j] as number) > 0; b++) {
      swap(left, right, a, b);
      const leftCost = tableCost(left, cost);
      const rightCost = tableCost(right, cost);
      if (leftCost + rightCost < (costs[i] as number) + (costs[j] as number)) {
        costs[i] = leftCost;
        costs[j] = rightCost;
        improved = true;
      } else swap(left, right, a, b);
    }
  }
  return improved;
}

function swap(left: PlayerId[], right: PlayerId[], a: number, b: number): void {
  const held = left[a] as PlayerId;
  left[a] = right[b] as PlayerId;
  right[b] = held;
}
