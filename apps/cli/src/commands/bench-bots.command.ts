import { isRuleset, type Ruleset } from '@liars-dice/game-rules';
import { loadavg } from 'node:os';
import { FAMILIES, LADDER, ladderPlan, type Pairing } from '../bench-bots/plan';
import { timeDecisions } from '../bench-bots/timing';
import { runPool } from '../bench-bots/pool';
import { ladderReport, type PairingResult } from '../bench-bots/report';
import type { SliceTask } from '../bench-bots/worker';
import { exploitTasks } from '../bench-bots/exploitability';
import { exploitReport, expertTimeVerdict } from '../bench-bots/exploit-report';
import { solvedStats } from '../bench-bots/solved-stats';
import { Histogram } from '../bench-bots/stats';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: bench-bots [--matches N] [--workers N] [--timing N] [--family F] [--only SUBSTRING] [--seed HEX64] [--exploitability yes|no|only]';
const SLICE = 100;
const DEFAULT_SEED = '5eed'.repeat(16);

interface Options {
  matches: number;
  workers: number;
  families: Ruleset[];
  only: string | null;
  seed: string;
  /** Matches per level and family for the main-thread timing pass. */
  timing: number;
  /** Also measure each level's exploitability in small heads-up rounds (`only`: nothing else). */
  exploitability: 'yes' | 'no' | 'only';
}

const FLAGS: Readonly<Record<string, (options: Options, value: string) => boolean>> = {
  '--matches': (options, value) => positive(value, (n) => (options.matches = n)),
  '--workers': (options, value) => positive(value, (n) => (options.workers = n)),
  '--timing': (options, value) => positive(value, (n) => (options.timing = n)),
  '--family': (options, value) => isRuleset(value) && (options.families = [value]).length > 0,
  '--only': (options, value) => (options.only = value).length > 0,
  '--seed': (options, value) => /^[0-9a-f]{64}$/.test(value) && (options.seed = value).length > 0,
  '--exploitability': (options, value) => ['yes', 'no', 'only'].includes(value) && (options.exploitability = value as Options['exploitability']).length > 0,
};

const loadText = (load: readonly number[]) => load.map((x) => x.toFixed(2)).join(' / ');

function positive(value: string, set: (n: number) => void): boolean {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return false;
  set(n);
  return true;
}

function parseArgs(args: readonly string[]): Options | string {
  const options: Options = { matches: 2000, workers: 2, families: [...FAMILIES], only: null, seed: DEFAULT_SEED, timing: 100, exploitability: 'yes' };
  for (let i = 0; i < args.length; i += 2) {
    const [flag = '', value] = [args[i], args[i + 1]];
    const apply = FLAGS[flag];
    if (!apply || value === undefined || !apply(options, value)) return `${flag} ${value ?? ''}: not understood`;
  }
  return options;
}

function tasksOf(plan: readonly Pairing[], options: Options): SliceTask[] {
  const tasks: SliceTask[] = [];
  for (const pairing of plan) {
    for (let from = 0; from < options.matches; from += SLICE) {
      tasks.push({ pairing, from, to: Math.min(options.matches, from + SLICE), seedHex: options.seed });
    }
  }
  return tasks;
}

/** The bot ladder: a round robin of the levels and the random floor through the real engine. */
export const benchBotsCommand: CliCommand = {
  summary: 'play the bot ladder (round robin, every family) and print win rates, ratings, decision times',
  async run(args) {
    const options = parseArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${USAGE}\n`);
      return 2;
    }
    const ladder = options.exploitability !== 'only';
    const plan = ladder ? ladderPlan(options.families).filter((p) => !options.only || p.key.includes(options.only)) : [];
    const tasks = tasksOf(plan, options);
    const started = performance.now();
    const loadBefore = loadavg();
    const slices = await runPool(tasks, options.workers, (done) => {
      if (done % 20 === 0 || done === tasks.length) process.stderr.write(`\r${done}/${tasks.length} slices`);
    });
    const exploits = options.exploitability === 'no' ? [] : exploitTasks();
    const measured = await runPool(exploits, options.workers, (done) => process.stderr.write(`\r${done}/${exploits.length} best responses`));
    process.stderr.write('\n');
    const results: PairingResult[] = plan.map((pairing) => ({
      pairing,
      places: slices.filter((s) => s.key === pairing.key).flatMap((s) => s.places),
    }));
    const alone = ladder ? timeDecisions(LADDER, options.families, options.timing, options.seed) : [];
    const expertTimes = new Histogram();
    for (const slice of slices) if (slice.timing.expert) expertTimes.merge(slice.timing.expert);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const header = `${options.matches} matches per pairing, ${options.workers} worker threads, ${options.timing} timing matches per level and family, seed ${options.seed}, ${seconds} s; load average ${loadText(loadBefore)} at the start, ${loadText(loadavg())} at the end (2 cores).`;
    const parts = [header, ...(ladder ? [ladderReport(results, slices, alone)] : [])];
    if (measured.length > 0) parts.push(exploitReport(measured));
    const expertAlone = alone.find((t) => t.kind === 'expert');
    const verdict = expertTimeVerdict(expertTimes.count > 0 ? expertTimes.quantile(0.99) : null, expertAlone ? expertAlone.cpu.quantile(0.99) : null);
    parts.push([...solvedStats(ladder ? 200 : 50, options.seed), '', verdict].join('\n'));
    process.stdout.write(`${parts.join('\n\n')}\n`);
    return 0;
  },
};
