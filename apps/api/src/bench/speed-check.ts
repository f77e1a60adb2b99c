import { performance } from 'node:perf_hooks';

/** A match view's worth of JSON: the kind of work the API does most (objects built, serialised, parsed). */
const SAMPLE = {
  id: 'm-0123456789',
  revision: '42',
  status: 'bidding',
  toAct: 's2',
  seats: Array.from({ length: 6 }, (_, i) => ({ seat: `s${i + 1}`, player: `player-${i}`, dice: 5 - (i % 3), out: false })),
  round: { number: 7, bids: Array.from({ length: 12 }, (_, i) => ({ by: `s${(i % 6) + 1}`, quantity: i + 1, face: (i % 6) + 1 })) },
};

/**
 * The same fixed single-threaded workload (JSON round trips of a view-sized object) for `ms` milliseconds,
 * in rounds per second. The benchmark runs it right before and right after its load: on a shared host the
 * same code runs up to a third slower at some times than at others, and this says which kind of time it was.
 */
export function speedCheck(ms = 500): number {
  // A short warm-up first, so the number is the optimised code's, not the interpreter's.
  for (let i = 0; i < 2000; i++) JSON.parse(JSON.stringify(SAMPLE));
  const until = performance.now() + ms;
  let rounds = 0;
  let checksum = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) checksum += (JSON.parse(JSON.stringify(SAMPLE)) as typeof SAMPLE).seats.length;
    rounds += 100;
  }
  if (checksum !== rounds * 6) throw new Error('speed check: the workload went wrong');
  return rounds / (ms / 1000);
}

/** Quiet-machine value of `speedCheck` (2026-11-30, the highest seen here with nothing else running), the baseline each run is compared to. */
const QUIET_SPEED = 130_000;

export function speedLine({ before, after }: { before: number; after: number }): string {
  const share = (value: number): string => `${((100 * value) / QUIET_SPEED).toFixed(0)} %`;
  return `| machine speed check before / after (JSON round trips/s; ${QUIET_SPEED.toLocaleString('en')} on a quiet machine) | ${before.toFixed(0)} (${share(before)}) / ${after.toFixed(0)} (${share(after)}) |`;
}
