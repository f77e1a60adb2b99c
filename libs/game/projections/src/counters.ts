/** One counter to bump: `key` names the row (e.g. account and family), `field` the statistic. */
export interface CounterDelta {
  readonly key: readonly string[];
  readonly field: string;
  readonly by: number;
}

/** The family key for totals over every family (and the table size key for totals over every size). */
export const ALL = 'all';

/** Adds `by` to `field` on the row `[owner, family]` and on the owner's overall row `[owner, 'all']`. */
export function bump(deltas: CounterDelta[], [owner, family]: readonly [string, string], field: string, by = 1): void {
  deltas.push({ key: [owner, family], field, by }, { key: [owner, ALL], field, by });
}

/** Sums deltas into plain records, keyed by the joined key (what the tests and the rebuild compare). */
export function sumCounters(deltas: Iterable<CounterDelta>): Map<string, Record<string, number>> {
  const rows = new Map<string, Record<string, number>>();
  for (const { key, field, by } of deltas) {
    const id = key.join('|');
    const row = rows.get(id) ?? {};
    row[field] = (row[field] ?? 0) + by;
    rows.set(id, row);
  }
  return rows;
}

/** A ratio for display; null when nothing was counted. */
export function rate(part: number | undefined, whole: number | undefined): number | null {
  return whole ? (part ?? 0) / whole : null;
}
