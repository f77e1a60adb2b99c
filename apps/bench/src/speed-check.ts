import { execFile } from 'node:child_process';
import path from 'node:path';
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

/** The fixed single-threaded workload (JSON round trips of a view-sized object) for `ms` milliseconds, in rounds per second. */
function speedRound(ms: number): number {
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

/** A second of the workload first: optimised code and a settled heap, not the interpreter's first rounds. */
const WARM_UP_MS = 1000;
const ROUND_MS = 200;
const ROUNDS = 7;

/** One speed check: rounds per second of each round after the warm-up. */
export interface SpeedReading {
  readonly rounds: readonly number[];
}

/** The child process's part: warm up, then the rounds, printed as JSON on standard output. */
function runRounds(): void {
  speedRound(WARM_UP_MS);
  const rounds = Array.from({ length: ROUNDS }, () => speedRound(ROUND_MS));
  process.stdout.write(JSON.stringify({ rounds } satisfies SpeedReading));
}

/**
 * How fast this machine runs the same code now. The benchmarks run it right before and right after their load:
 * on a shared host the same code runs up to a third slower at some times than at others, and this says which kind of
 * time it was. It runs in a fresh process (not in a load client with a big heap and its sockets closing), a warm-up
 * then several short rounds, so one descheduled round shows as spread instead of as a slow machine.
 */
export function speedCheck(): Promise<SpeedReading> {
  // From TypeScript sources (a test), through the workspace's compile-on-require hook.
  const hook = __filename.endsWith('.ts') ? ['-r', path.join(__dirname, '..', '..', '..', 'tools', 'ts-require.cjs')] : [];
  const program = `require(${JSON.stringify(__filename)}).runSpeedRounds()`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...hook, '-e', program], { timeout: 60_000 }, (error, stdout) => {
      if (error) return reject(new Error(`speed check: its process failed: ${error.message}`));
      try {
        const reading = JSON.parse(stdout) as SpeedReading;
        if (!Array.isArray(reading.rounds) || reading.rounds.length !== ROUNDS) throw new Error(`not ${ROUNDS} rounds`);
        resolve(reading);
      } catch (cause) {
        reject(new Error(`speed check: its process printed ${JSON.stringify(stdout.slice(0, 200))} (${String(cause)})`));
      }
    });
  });
}

export { runRounds as runSpeedRounds };

/** Quiet-machine value of the speed check (2026-11-30, the highest seen here with nothing else running), the baseline each run is compared to. */
const QUIET_SPEED = 130_000;

/** Best, median and worst round of a reading, the best also as a share of the quiet machine's speed. */
export function speedSummary({ rounds }: SpeedReading): string {
  const sorted = [...rounds].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;
  const k = (value: number) => `${(value / 1000).toFixed(0)}k`;
  return `${k(at(1))} (${((100 * at(1)) / QUIET_SPEED).toFixed(0)} %), median ${k(at(0.5))}, worst ${k(at(0))}`;
}

export function speedLine({ before, after }: { before: SpeedReading; after: SpeedReading }): string {
  return `| machine speed check before / after (JSON round trips/s in a fresh process, best of ${ROUNDS} × ${ROUND_MS} ms after ${WARM_UP_MS / 1000} s of warm-up; ${QUIET_SPEED.toLocaleString('en')} on a quiet machine) | ${speedSummary(before)} / ${speedSummary(after)} |`;
}
