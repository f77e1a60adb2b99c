import { pushDelays } from './report';
import type { ServerRun } from './server-run';
import { ms, quantile } from './stats';

const perMove = (seconds: number, moves: number): string => (moves > 0 ? `${((seconds * 1000) / moves).toFixed(3)} ms` : 'n/a');

/**
 * Every server of the run side by side, the first (ours, every thread on its own) the reference: moves/s, CPU per
 * move (whole process; main thread), spectators' push p99 from the move's start, and CPU per move as a ratio.
 */
export function comparisonTable(runs: readonly ServerRun[]): string {
  const [reference] = runs;
  const cpuPerMove = (run: ServerRun) => run.cpu.server / run.moves;
  const rows = runs.map((run) => {
    const ratio = reference && run !== reference ? `${(cpuPerMove(run) / cpuPerMove(reference)).toFixed(2)} ×` : '1 (reference)';
    const p99 = quantile(pushDelays(run.measured).fromRequest, 0.99);
    return `| ${run.label} | ${(run.moves / (run.elapsedMs / 1000)).toFixed(0)} | ${perMove(run.cpu.server, run.moves)} | ${perMove(run.cpu.main, run.moves)} | ${ms(p99)} | ${ratio} |`;
  });
  return [
    '| server | moves/s (every seat) | CPU per move, whole process | main thread CPU per move | push p99 from the move\'s start | CPU per move against the reference |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** One of our runs' CPU per move by thread, under the names its /metrics gives them (Linux /proc). */
export function threadsTable(run: ServerRun): string {
  if (!run.threads) return `${run.label}: CPU by thread not read (/proc/<pid>/task is Linux's).`;
  return [
    `${run.label}, CPU per move by thread (names as the API's /metrics reports them):`,
    '',
    '| thread | CPU per move | share of the process |',
    '|---|---|---|',
    ...run.threads.map((t) => `| ${t.label}${t.threads > 1 ? ` (${t.threads} threads)` : ''} | ${perMove(t.runMs / 1000, run.moves)} | ${((100 * t.runMs) / 1000 / run.cpu.server).toFixed(1)} % |`),
  ].join('\n');
}
