import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliCommand } from './cli-command';
import { emmettStats, emmettSubject, ensureEmmett } from './bench-store/emmett';
import { esdbSubject } from './bench-store/esdb';
import { ours } from './bench-store/ours';
import { rawBatched, rawPerAppend } from './bench-store/raw-sqlite';
import { storeReport } from './bench-store/report';
import type { Measurement, Subject } from './bench-store/workload';

const USAGE = `usage: bench-store [--appends N] [--repeats N] [--quick] [--emmett-timeout SECONDS] [--no-emmett] [--no-esdb]
Single-event appends from 1, 8 and 64 concurrent streams against this project's SQLite store and its
baselines, every subject the same N appends per level (default 1000; --quick = 200 appends, 1 round);
an Emmett measurement that has not finished after --emmett-timeout (default 60 s) is reported as failed
(and that subject is not run again at that level).
Prints a Markdown report with the targets' verdicts (commit it to docs/benchmarks/store.md).`;

const STREAMS = [1, 8, 64] as const;

interface Options {
  appends: number;
  repeats: number;
  emmettTimeout: number;
  emmett: boolean;
  esdb: boolean;
}

const NUMERIC: Readonly<Record<string, 'appends' | 'repeats' | 'emmettTimeout'>> = {
  '--appends': 'appends',
  '--repeats': 'repeats',
  '--emmett-timeout': 'emmettTimeout',
};

function parseArgs(args: readonly string[]): Options | string {
  const options: Options = { appends: 1000, repeats: 3, emmettTimeout: 60, emmett: true, esdb: true };
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i] ?? '';
    const numeric = NUMERIC[flag];
    if (flag === '--quick') Object.assign(options, { appends: 200, repeats: 1 });
    else if (flag === '--no-emmett') options.emmett = false;
    else if (flag === '--no-esdb') options.esdb = false;
    else if (numeric) {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 1) return `${flag} ${args[i] ?? ''}: expected a whole number ≥ 1`;
      options[numeric] = value;
    } else return `${flag}: not understood`;
  }
  return options;
}

function repositoryRoot(): string {
  let dir = __dirname;
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    !('workspaces' in (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as object))
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

async function runOnce(subject: Subject, streams: number, perStream: number, durability: Map<string, string>): Promise<Measurement> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ld-bench-store-'));
  try {
    const { measurement, durability: settings } = await subject.run(dir, streams, perStream);
    if (!measurement.failed && !durability.has(subject.name)) durability.set(subject.name, settings);
    return measurement;
  } finally {
    // Emmett closes its connections asynchronously; let it finish before the directory goes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * The machine is shared, so every level runs `repeats` rounds with the subjects interleaved (they see the
 * same background load), and the round with the median throughput is reported for each subject.
 */
async function runAll(subjects: readonly Subject[], options: Options, durability: Map<string, string>, log: (line: string) => void): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const streams of STREAMS) {
    const perStream = Math.max(1, Math.round(options.appends / streams));
    const runs = new Map<Subject, Measurement[]>(subjects.map((subject) => [subject, []]));
    for (let round = 0; round < options.repeats; round += 1) {
      // A subject that failed at this level (crashed, or ran out of time) is not run again at it.
      for (const subject of subjects.filter((s) => !runs.get(s)?.some((r) => r.failed))) {
        const result = await runOnce(subject, streams, perStream, durability);
        runs.get(subject)?.push(result);
        log(`${subject.name} @ ${streams} streams, round ${round + 1}: ${result.failed ?? `${result.perSecond.toFixed(0)} appends/s`}`);
      }
    }
    for (const results of runs.values()) {
      const sorted = [...results].sort((a, b) => a.perSecond - b.perSecond);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (median) rows.push(median);
    }
  }
  const order = (name: string) => subjects.findIndex((s) => s.name === name);
  return rows.sort((a, b) => order(a.subject) - order(b.subject) || a.streams - b.streams);
}

export const benchStoreCommand: CliCommand = {
  summary: 'benchmark event-store appends (1/8/64 streams) against raw SQLite and Emmett',
  async run(args) {
    if (args.includes('--help')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const options = parseArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${USAGE}\n`);
      return 2;
    }
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const subjects: Subject[] = [ours, rawPerAppend, rawBatched];
    const skipped: string[] = [];
    if (options.emmett) {
      const entry = ensureEmmett(repositoryRoot(), log);
      subjects.push(emmettSubject(entry, 'per-stream', options.emmettTimeout * 1000), emmettSubject(entry, 'queued', options.emmettTimeout * 1000));
    } else skipped.push('(c) Emmett: --no-emmett');
    const esdb = options.esdb ? esdbSubject() : '--no-esdb';
    if (typeof esdb !== 'string') subjects.push(esdb);
    else skipped.push(`(d) EventStoreDB adapter via the test server: ${esdb}`);
    const durability = new Map<string, string>();
    const rows = await runAll(subjects, options, durability, log);
    process.stdout.write(`${storeReport({ rows, durability, skipped, appends: options.appends, repeats: options.repeats, emmettRetries: emmettStats.retries })}\n`);
    return 0;
  },
};
