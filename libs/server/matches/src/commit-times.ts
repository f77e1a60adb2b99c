import { performance } from 'node:perf_hooks';
import type { MatchRecord } from '@liars-dice/game-match';

/**
 * When the store committed the command that produced each record, in ms since the epoch: for a command this
 * process appended, the moment the store's acknowledgement arrived (sub-millisecond); for one read from the
 * log, the commit time the store recorded. Kept beside the records (which are immutable) rather than in the
 * fold, so views can say how fresh they are and the API benchmark can time pushes from the commit.
 */
const commitTimes = new WeakMap<MatchRecord, number>();

/** Where performance.now() counts from on the wall clock (the getter is slow: read once, then moved when needed). */
let timeOrigin = performance.timeOrigin;

/**
 * The wall clock with sub-millisecond resolution (`Date.now()` has whole milliseconds), never behind `Date.now()`. The
 * monotonic clock does not follow a step of the system clock (a VM's time sync moves it by hundreds of ms), and a
 * commit stamped before the decision it follows would break every "since" a view reads: past a millisecond of
 * disagreement beyond the one Date.now() rounds away, the origin moves to the wall clock.
 */
export function preciseNow(): number {
  let precise = timeOrigin + performance.now();
  const wall = Date.now();
  if (precise < wall - 1 || precise >= wall + 2) {
    timeOrigin += wall - precise;
    precise = wall;
  }
  return Math.max(precise, wall);
}

export function stampCommit(record: MatchRecord, at: number): void {
  commitTimes.set(record, at);
}

export function commitTimeOf(record: MatchRecord): number | null {
  return commitTimes.get(record) ?? null;
}
