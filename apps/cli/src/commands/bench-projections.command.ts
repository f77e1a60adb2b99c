import { runBench, type BenchOptions, type BenchResult } from '../projections/bench-run';
import type { ProjectionHost } from '../projections/projection-hosts';
import type { CliCommand } from './cli-command';

const USAGE = `usage: bench-projections [--seconds N] [--rate COMMANDS_PER_S] [--tables N] [--host worker|main-thread|both] [--baseline] [--inline-checkpoints]
Runs the load once per host, the main-thread runner first (the baseline), then the worker thread the API uses
(docs/adr/0009), and prints each run with the target's verdict. --baseline (no projection) and
--inline-checkpoints are main-thread experiments.`;
const FLAGS = ['--baseline', '--inline-checkpoints'];
/** The target: lag p99 (store commit → read-model commit) ≤ 20 ms at 1,000 commands/s. */
const TARGET = { rate: 1000, p99Ms: 20 };

interface Plan {
  readonly base: Omit<BenchOptions, 'host' | 'cost'>;
  readonly hosts: readonly ProjectionHost[];
}

const HOSTS: Readonly<Record<string, readonly ProjectionHost[]>> = { both: ['main-thread', 'worker'], worker: ['worker'], 'main-thread': ['main-thread'] };

function setNumber(options: Record<'rate' | 'seconds' | 'tables', number>, flag: string, value: string): boolean {
  const key = flag.replace(/^--/, '') as keyof typeof options;
  const n = Number(value);
  if (!(key in options) || !Number.isFinite(n) || n <= 0) return false;
  options[key] = n;
  return true;
}

function parseArgs(argv: readonly string[]): Plan | string {
  const options = { rate: 1000, seconds: 20, tables: 400 };
  let hosts = HOSTS['both'] as readonly ProjectionHost[];
  const baseline = argv.includes('--baseline');
  const inlineCheckpoints = argv.includes('--inline-checkpoints');
  const args = argv.filter((a) => !FLAGS.includes(a));
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value = ''] = [args[i], args[i + 1]];
    if (flag === '--host' && HOSTS[value]) {
      hosts = HOSTS[value];
      continue;
    }
    if (!setNumber(options, flag ?? '', value)) return `${flag ?? ''} ${value}: not understood`;
  }
  if (baseline || inlineCheckpoints) hosts = ['main-thread'];
  return { base: { ...options, projections: !baseline, inlineCheckpoints }, hosts };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function row(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const cells = [50, 95, 99, 99.9].map((p) => percentile(sorted, p).toFixed(1));
  return `| ${name} | ${cells.join(' | ')} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} |`;
}

const HOST_TITLE: Record<ProjectionHost, string> = {
  'main-thread': 'Projections on the main thread (the baseline: how the API ran them before docs/adr/0009)',
  worker: 'Projections in the worker thread the API uses (hostProjections + ProjectionsThread, docs/adr/0009)',
};

function verdict(options: BenchOptions, r: BenchResult): string {
  const p99 = percentile([...r.storeLag].sort((a, b) => a - b), 99);
  const rate = r.commands / r.seconds;
  const atLoad = options.rate === TARGET.rate && r.missed <= r.commands * 0.01;
  const word = p99 <= TARGET.p99Ms ? 'met' : 'NOT met';
  const caveat = atLoad ? '' : ` (but the target is set at ${TARGET.rate} commands/s; this run asked ${options.rate}/s and sent ${rate.toFixed(0)}/s, ${r.missed} missed)`;
  return `- ${options.host}: lag p99 (store commit → read-model commit) ≤ ${TARGET.p99Ms} ms at ${TARGET.rate.toLocaleString('en')} commands/s: ${p99.toFixed(1)} ms — **${word}**${caveat}`;
}

function report(options: BenchOptions, r: BenchResult): string {
  return [
    `### ${HOST_TITLE[options.host]}`,
    '',
    `${r.commands} commands in ${r.seconds.toFixed(1)} s (${(r.commands / r.seconds).toFixed(0)}/s; target ${options.rate}/s, ${r.missed} missed because every table was busy), ` +
      `${r.events} events (${(r.events / r.seconds).toFixed(0)}/s), ${options.tables} bot tables, ${r.applications} projection applications, read DB ${(r.readDbBytes / 1e6).toFixed(1)} MB.`,
    '',
    ...(options.projections ? [] : ['Baseline: no projection applied (the store, the subscription and the load generator alone).', '']),
    ...(options.inlineCheckpoints ? ["WAL checkpoints inline: run by SQLite inside the runner's commits, as before (no checkpointer worker).", ''] : []),
    '| lag (ms) | p50 | p95 | p99 | p99.9 | max |',
    '|---|---|---|---|---|---|',
    row('store commit → read-model commit (per event)', r.storeLag),
    row('append call → applied, as the main thread hears it (per command)', r.appendLag),
    '',
    `Timed phase, per event: process CPU ${(r.live.processMicros / r.events).toFixed(1)} µs (every thread: store writer, checkpointer, projections, main), ` +
      `main thread ${(r.live.mainMicros / r.events).toFixed(1)} µs, of which the load generator's own synchronous work ${((r.generatorMs * 1000) / r.events).toFixed(1)} µs; ` +
      `main thread busy ${((100 * r.live.mainMicros) / 1000 / r.live.wallMs).toFixed(0)} %, event-loop delay p99 ${r.live.loopDelayP99Ms.toFixed(1)} ms; ` +
      `${r.madeDuringRun} tables played out during the timed phase.`,
    ...(r.cost.length === 0
      ? []
      : [
          '',
          'Cost of the six projections alone, re-applying the same events on the main thread (one transaction per batch):',
          '',
          '| events per transaction | process CPU µs per event | main-thread CPU µs per event | wall µs per event |',
          '|---|---|---|---|',
          ...r.cost.map((c) => `| ${c.batch} | ${c.cpuMicros.toFixed(1)} | ${c.mainMicros.toFixed(1)} | ${c.wallMicros.toFixed(1)} |`),
        ]),
  ].join('\n');
}

/** The projections' lag under a steady command load from bot tables (docs/benchmarks/projections.md). */
export const benchProjectionsCommand: CliCommand = {
  summary: 'bot tables append commands at a fixed rate into SQLite; projections lag on the main thread and in the worker, with verdicts',
  async run(args) {
    const plan = parseArgs(args);
    if (typeof plan === 'string') {
      process.stderr.write(`${plan}\n${USAGE}\n`);
      return 2;
    }
    const verdicts: string[] = [];
    for (const [index, host] of plan.hosts.entries()) {
      const options: BenchOptions = { ...plan.base, host, cost: index === 0 };
      const result = await runBench(options, (line) => process.stderr.write(`\r${line}`));
      process.stderr.write('\n');
      process.stdout.write(`${report(options, result)}\n\n`);
      if (options.projections) verdicts.push(verdict(options, result));
    }
    if (verdicts.length > 0) process.stdout.write(`Target (verdicts computed by this run):\n${verdicts.join('\n')}\n`);
    return 0;
  },
};
