import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { balancedTableSizes, seatingDue, type Tournament } from '@liars-dice/game-tournament';
import { drawSeatingOrder } from '@liars-dice/game-fairness';
import { BENCH_SEED, playRound, seatRound, startedField } from '../bench-seating/field';
import type { CliCommand } from './cli-command';

const TARGET_MS = 1_000;
const PASSES = 5;
const fmt = (ms: number) => ms.toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function timed(run: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** The floor any seating costs: the draw itself, cut into balanced tables as it is. */
function plainCut(state: Tournament): void {
  const due = seatingDue(state);
  if (!due) throw new Error('no round due');
  const order = drawSeatingOrder(BENCH_SEED, 'bench', due.round, due.players);
  let start = 0;
  balancedTableSizes(order.length, 6).map((size) => order.slice(start, (start += size)));
}

/** `npm run bench:seating [-- PLAYERS]`: prints a Markdown report (committed as docs/benchmarks/seating.md). */
export const benchSeatingCommand: CliCommand = {
  summary: 'benchmark tournament seating: draw and seat 10,000 registrations (round 1 and a later swiss round)',
  async run(args) {
    const players = Number(args[0] ?? 10_000);
    if (!Number.isInteger(players) || players < 2 || players > 10_000) {
      process.stderr.write('usage: bench-seating [PLAYERS, 2 to 10000]\n');
      return 2;
    }
    const out = (line = '') => process.stdout.write(`${line}\n`);
    const load = loadavg().map((n) => n.toFixed(2)).join(', ');
    const setupStarted = performance.now();
    const field = startedField(players);
    let later = field;
    for (let round = 1; round <= 3; round++) later = playRound(seatRound(later), round);
    const setup = performance.now() - setupStarted;
    const first = timed(() => seatRound(field));
    const fourth = timed(() => seatRound(later));
    const floor = timed(() => plainCut(field));
    const verdict = (ms: number) => (ms <= TARGET_MS ? 'met' : 'MISSED');
    out('# Tournament seating benchmark');
    out();
    out(`Command: \`npm run bench:seating -- ${players}\` · Node ${process.version} · ${cpus()[0]?.model ?? 'cpu'} · load average ${load} on ${cpus().length} cores · ${new Date().toISOString()}`);
    out();
    out(`${players.toLocaleString('en-US')} checked-in registrations, tables of up to 6; each timing is the median of ${PASSES} passes (set-up, not timed: ${fmt(setup)} ms).`);
    out();
    out('| measurement | time | target / baseline | verdict |');
    out('|---|---|---|---|');
    out(`| round 1: seed draw (HMAC-SHA-256 Fisher–Yates) + seating plan, through the decider | ${fmt(first)} ms | ≤ ${TARGET_MS} ms | ${verdict(first)} |`);
    out(`| round 4 of a swiss: draw + grouping by points + repeat-opponent swaps, through the decider | ${fmt(fourth)} ms | ≤ ${TARGET_MS} ms | ${verdict(fourth)} |`);
    out(`| baseline: the draw cut into balanced tables as it is (no decider, no grouping) | ${fmt(floor)} ms | round 1 costs ${(first / floor).toFixed(1)}× this | – |`);
    return 0;
  },
};
