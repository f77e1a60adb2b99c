import { performance } from 'node:perf_hooks';
import type { MatchRecord } from '@liars-dice/game-match';

/**
 * When the store committed the command that produced each record, in ms since the epoch: for a command this
 * process appended, the moment the store's acknowledgement arrived (sub-millisecond); for one read from the
 * log, the commit time the store recorded. Kept beside the records (which are immutable) rather than in the
 * fold, so views can say how fresh they are and the API benchmark can time pushes from the commit.
 */
const commitTimes = new WeakMap<MatchRecord, number>();

/** Read once: the getter is slow, and the origin never moves while the process runs. */
const timeOrigin = performance.timeOrigin;

/** The wall clock with sub-millisecond resolution (`Date.now()` has whole milliseconds). */
export function preciseNow(): number {
  return timeOrigin + performance.now();
}

export function stampCommit(record: MatchRecord, at: number): void {
  commitTimes.set(record, at);
}

export function commitTimeOf(record: MatchRecord): number | null {
  return commitTimes.get(record) ?? null;
}
