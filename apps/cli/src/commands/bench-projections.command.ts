import { runBench, type BenchOptions, type BenchResult } from '../projections/bench-run';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: bench-projections [--rate COMMANDS_PER_S] [--seconds N] [--tables N] [--baseline] [--inline-checkpoints]';
const FLAGS = ['--baseline', '--inline-checkpoints'];

function parseArgs(argv: readonly string[]): BenchOptions | string {
  const options = { rate: 1000, seconds: 20, tables: 400 };
  const baseline = argv.includes('--baseline');
  const inlineCheckpoints = argv.includes('--inline-checkpoints');
  const args = argv.filter((a) => !FLAGS.includes(a));
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]?.replace(/^--/, '') as keyof typeof options;
    const value = Number(args[i + 1]);
    if (!(key in options) || !Number.isFinite(value) || value <= 0) return `${args[i]} ${args[i + 1]}: not understood`;
    options[key] = value;
  }
  return { ...options, projections: !baseline, inlineCheckpoints };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function row(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const cells = [50, 95, 99, 99.9].map((p) => percentile(sorted, p).toFixed(1));
  return `| ${name} | ${cells.join(' | ')} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} |`;
}

function report(options: BenchOptions, r: BenchResult): string {
  return [
    `${r.commands} commands in ${r.seconds.toFixed(1)} s (${(r.commands / r.seconds).toFixed(0)}/s; target ${options.rate}/s, ${r.missed} missed because every table was busy), ` +
      `${r.events} events (${(r.events / r.seconds).toFixed(0)}/s), ${options.tables} bot tables, ${r.applications} projection applications, read DB ${(r.readDbBytes / 1e6).toFixed(1)} MB.`,
    '',
    ...(options.projections ? [] : ['Baseline: no projection applied (the store, the subscription and the load generator alone).', '']),
    ...(options.inlineCheckpoints ? ['WAL checkpoints inline: run by SQLite inside the runner\'s commits, as before (no checkpointer worker).', ''] : []),
    '| lag (ms) | p50 | p95 | p99 | p99.9 | max |',
    '|---|---|---|---|---|---|',
    row('store commit → read-model commit', r.storeLag),
    row('append call → read-model commit', r.appendLag),
    '',
    `Timed phase, per event: process CPU ${(r.live.processMicros / r.events).toFixed(1)} µs (every thread: store writer, checkpointer, main), ` +
      `main thread ${(r.live.mainMicros / r.events).toFixed(1)} µs, of which the load generator's own synchronous work ${((r.generatorMs * 1000) / r.events).toFixed(1)} µs; ` +
      `main thread busy ${((100 * r.live.mainMicros) / 1000 / r.live.wallMs).toFixed(0)} %, event-loop delay p99 ${r.live.loopDelayP99Ms.toFixed(1)} ms; ` +
      `${r.madeDuringRun} tables played out during the timed phase.`,
    '',
    'Cost of the six projections alone, re-applying the same events (one transaction per batch):',
    '',
    '| events per transaction | process CPU µs per event | main-thread CPU µs per event | wall µs per event |',
    '|---|---|---|---|',
    ...r.cost.map((c) => `| ${c.batch} | ${c.cpuMicros.toFixed(1)} | ${c.mainMicros.toFixed(1)} | ${c.wallMicros.toFixed(1)} |`),
  ].join('\n');
}

/** The projections' lag under a steady command load from bot tables (docs/benchmarks/projections.md). */
export const benchProjectionsCommand: CliCommand = {
  summary: 'bot tables append commands at a fixed rate into SQLite; print the projections lag (p50/p95/p99)',
  async run(args) {
    const options = parseArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${USAGE}\n`);
      return 2;
    }
    const result = await runBench(options, (line) => process.stderr.write(`\r${line}`));
    process.stderr.write('\n');
    process.stdout.write(`${report(options, result)}\n`);
    return 0;
  },
};
