/*
 * The seating plan as docs/tournaments.md ("Recomputing a seating", steps 4 and 5) writes it in pseudo-code,
 * written from the doc alone, recording every swap tried so the doc's worked example can be checked step by step.
 */

export interface PlanInput {
  readonly stage: string;
  /** The draw. */
  readonly order: readonly string[];
  /** The `maxTableSize` setting. */
  readonly max: number;
  readonly points: ReadonlyMap<string, number>;
  /** Whether two players sat at one table of an earlier published round. */
  readonly met: (a: string, b: string) => boolean;
  /** What a repeated pair costs: W, the `maxTableSize` setting (another value only to show it matters). */
  readonly weight?: number;
}

/** One swap tried: two players exchanged between two tables, kept when it lowered the pair's cost. */
export interface Try {
  readonly sweep: number;
  readonly tables: readonly [number, number];
  /** The players exchanged: the first from `tables[0]`, the second from `tables[1]`. */
  readonly players: readonly [string, string];
  /** The two tables' costs before the swap, and with it. */
  readonly before: readonly [number, number];
  readonly after: readonly [number, number];
  readonly kept: boolean;
}

export interface Plan {
  readonly tables: string[][];
  /** The tables as cut, before any swap. */
  readonly cut: string[][];
  /** Every swap tried, in order. */
  readonly tries: Try[];
  readonly sweeps: number;
}

export function tableSizes(n: number, max: number): number[] {
  const count = Math.ceil(n / max);
  const base = Math.floor(n / count);
  return Array.from({ length: count }, (_, k) => (k < n % count ? base + 1 : base));
}

/** The pairs at `table` who met before, each pair once. */
export function repeatedPairs(table: readonly string[], met: PlanInput['met']): number {
  let pairs = 0;
  table.forEach((a, i) => table.slice(i + 1).forEach((b) => (pairs += met(a, b) ? 1 : 0)));
  return pairs;
}

function cost(table: readonly string[], input: PlanInput): number {
  const points = table.map((p) => (input.stage === 'swiss' ? (input.points.get(p) ?? 0) : 0));
  return (
    (input.weight ?? input.max) * repeatedPairs(table, input.met) + Math.max(...points) - Math.min(...points)
  );
}

export function plan(input: PlanInput): Plan {
  const position = (p: string) => input.order.indexOf(p);
  if (input.stage === 'final')
    return { tables: [[...input.order]], cut: [[...input.order]], tries: [], sweeps: 0 };
  const line =
    input.stage === 'swiss'
      ? [...input.order].sort((a, b) => (input.points.get(b) ?? 0) - (input.points.get(a) ?? 0))
      : [...input.order];
  let start = 0;
  const tables = tableSizes(line.length, input.max).map((size) => line.slice(start, (start += size)));
  const cut = tables.map((t) => [...t]);
  const tries: Try[] = [];
  const sweeps = swaps(tables, input, tries);
  for (const table of tables) table.sort((a, b) => position(a) - position(b));
  return { tables, cut, tries, sweeps };
}

/** The sweeps: every pair of tables at most 3 apart, in order, until a sweep keeps nothing (6 at most). */
function swaps(tables: string[][], input: PlanInput, tries: Try[]): number {
  const costs = tables.map((t) => cost(t, input));
  for (let sweep = 1; sweep <= 6; sweep++) {
    let improved = false;
    for (let i = 0; i < tables.length; i++) {
      for (let j = i + 1; j <= Math.min(tables.length - 1, i + 3); j++)
        improved = tryPair({ tables, costs, i, j, sweep }, input, tries) || improved;
    }
    if (!improved) return sweep;
  }
  return 6;
}

interface Pair {
  readonly tables: string[][];
  readonly costs: number[];
  readonly i: number;
  readonly j: number;
  readonly sweep: number;
}

/** Every seat of table i against every seat of table j, in the tables' current order; each improving swap is kept. */
function tryPair({ tables, costs, i, j, sweep }: Pair, input: PlanInput, tries: Try[]): boolean {
  const [left, right] = [tables[i] as string[], tables[j] as string[]];
  let improved = false;
  for (let a = 0; a < left.length; a++) {
    for (let b = 0; b < right.length; b++) {
      const before = [costs[i] as number, costs[j] as number] as const;
      if (before[0] + before[1] === 0) return improved;
      const players = [left[a] as string, right[b] as string] as const;
      [left[a], right[b]] = [players[1], players[0]];
      const after = [cost(left, input), cost(right, input)] as const;
      const kept = after[0] + after[1] < before[0] + before[1];
      tries.push({ sweep, tables: [i + 1, j + 1], players, before, after, kept });
      if (kept) [costs[i], costs[j], improved] = [after[0], after[1], true];
      else [left[a], right[b]] = players;
    }
  }
  return improved;
}
