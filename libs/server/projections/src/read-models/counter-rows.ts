import { ALL } from '@liars-dice/game-projections';

/** One counter row as read: `field -> value`. */
export type Counters = Record<string, number>;

/** A counter's value; 0 when nothing was counted. */
export const n = (c: Counters, field: string): number => c[field] ?? 0;

/** Rows keyed `…|family`, families first in a fixed order, then the overall row; one family only when asked. */
export function byFamily<T>(rows: Map<string, Counters>, view: (family: string, c: Counters) => T, family: string | null): T[] {
  return [...rows]
    .map(([key, c]) => ({ family: key.split('|').at(-1) ?? ALL, c }))
    .filter((r) => !family || r.family === family)
    .sort((a, b) => (a.family === ALL ? 1 : 0) - (b.family === ALL ? 1 : 0) || a.family.localeCompare(b.family))
    .map((r) => view(r.family, r.c));
}
