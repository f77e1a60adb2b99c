import type { MatchListEntry } from '@liars-dice/game-projections';

/** One match's list row, as it was before the first change since the last report and as it is now. */
export interface MatchListChange {
  readonly before: MatchListEntry | null;
  readonly after: MatchListEntry;
}

/**
 * The list rows a batch of the projections changed, reported after its commit (so a read then sees them).
 * `overflow`: more rows changed than one report carries (a replica catching up): lists must read again.
 */
export interface MatchListChanges {
  readonly rows: readonly MatchListChange[];
  readonly overflow: boolean;
}

/** More changed rows than this in one batch is reported as an overflow (a catch-up, a rebuild), not row by row. */
export const MAX_REPORTED_ROWS = 200;

/** Items equal, or (a row's seats) objects whose fields are. */
function sameItem(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const [a, b] = [x as Record<string, unknown>, y as Record<string, unknown>];
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((item, i) => sameItem(item, b[i]));

/** Whether two rows differ in anything a list shows or filters on. */
export function sameRow(a: MatchListEntry | null, b: MatchListEntry): boolean {
  if (a === null) return false;
  for (const key of Object.keys(b) as (keyof MatchListEntry)[]) {
    const [x, y] = [a[key], b[key]];
    if (Array.isArray(x) && Array.isArray(y) ? !sameList(x, y) : x !== y) return false;
  }
  return true;
}

/**
 * What the match-list projection wrote since the last report, one entry per match (first `before`, latest
 * `after`): a match's many list events in one batch (a lobby filling) make one change, and a row that came back
 * to what it was (a void undone) none. Kept in the projections thread; bounded at MAX_REPORTED_ROWS matches.
 * Not cleared when a batch is rolled back: its events are applied again with the same rows (coalesced by
 * match), and a batch that finally fails costs at most a push whose read finds nothing new.
 */
export class MatchListChangeLog {
  private rows = new Map<string, MatchListChange>();
  private overflow = false;

  record(before: MatchListEntry | null, after: MatchListEntry): void {
    const known = this.rows.get(after.matchId);
    if (known) this.rows.set(after.matchId, { before: known.before, after });
    else if (this.rows.size >= MAX_REPORTED_ROWS) this.overflow = true;
    else this.rows.set(after.matchId, { before, after });
  }

  /** The changes since the last call (null when none), and a fresh log. */
  take(): MatchListChanges | null {
    const rows = [...this.rows.values()].filter((change) => !sameRow(change.before, change.after));
    const overflow = this.overflow;
    this.rows = new Map();
    this.overflow = false;
    if (overflow) return { rows: [], overflow };
    return rows.length > 0 ? { rows, overflow } : null;
  }
}
