import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import type { CliCommand } from './cli-command';
import { emmettRetries, emmettSubject, ensureEmmett } from './bench-store/emmett';
import { esdbSubject } from './bench-store/esdb';
import { ours } from './bench-store/ours';
import { rawBatched, rawPerAppend } from './bench-store/raw-sqlite';
import { measure, type Measurement, type Subject } from './bench-store/workload';

const USAGE = `usage: bench-store [--quick] [--repeats N] [--no-emmett] [--no-esdb]
Single-event appends from 1, 8 and 64 concurrent streams against this project's SQLite store and its
baselines; prints a Markdown report (commit it to docs/benchmarks/store.md).`;

const LEVELS = [
  { streams: 1, perStream: 300 },
  { streams: 8, perStream: 100 },
  { streams: 64, perStream: 40 },
] as const;

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

async function runOnce(subject: Subject, streams: number, perStream: number): Promise<Measurement> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ld-bench-store-'));
  try {
    const { append, close } = await subject.open(dir);
    const perSubject = Math.max(2, Math.round(perStream * (subject.scale ?? 1)));
    // A first, unmeasured pass at the same load: JIT, caches and file growth are warm for every subject.
    await measure(subject.name, append, { streams, perStream: Math.ceil(perSubject / 2), prefix: 'warm-up' });
    const result = await measure(subject.name, append, { streams, perStream: perSubject });
    await close();
    return result;
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
async function runAll(
  subjects: readonly Subject[],
  scale: number,
  repeats: number,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const { streams, perStream } of LEVELS) {
    const runs = new Map<Subject, Measurement[]>(subjects.map((subject) => [subject, []]));
    for (let round = 0; round < repeats; round += 1) {
      for (const subject of subjects) {
        const result = await runOnce(subject, streams, perStream * scale);
        runs.get(subject)?.push(result);
        log(
          `${subject.name} @ ${streams} streams, round ${round + 1}: ${result.perSecond.toFixed(0)} appends/s`,
        );
      }
    }
    for (const results of runs.values()) {
      const sorted = [...results].sort((a, b) => a.perSecond - b.perSecond);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (median) rows.push(median);
    }
  }
  return rows.sort(
    (a, b) =>
      subjects.findIndex((s) => s.name === a.subject) - subjects.findIndex((s) => s.name === b.subject) ||
      a.streams - b.streams,
  );
}

function report(rows: readonly Measurement[], skipped: readonly string[], repeats: number): string {
  const lines = [
    `Median of ${repeats} interleaved rounds per row. Emmett retried ${emmettRetries} COMMITs that failed with SQLITE_BUSY.`,
    '',
    '| store | streams | appends | appends/s | median ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.subject} | ${r.streams} | ${r.appends} | ${r.perSecond.toFixed(0)} | ${r.medianMs.toFixed(2)} | ${r.p99Ms.toFixed(2)} |`,
    ),
  ];
  const at64 = (prefix: string) =>
    rows.find((r) => r.streams === 64 && r.subject.startsWith(prefix))?.perSecond;
  const mine = at64('SqliteEventStore');
  const ratio = (label: string, prefix: string, target: number) => {
    const other = at64(prefix);
    if (!mine || !other) return `- vs ${label}: not measured`;
    const value = mine / other;
    return `- vs ${label}: ${value.toFixed(2)}× (target ≥ ${target}×: ${value >= target ? 'met' : 'NOT met'})`;
  };
  lines.push(
    '',
    'Throughput of SqliteEventStore at 64 streams:',
    ratio('(a) 1 txn per append', '(a)', 10),
    ratio('(b) batched inserts', '(b)', 0.5),
    ratio('(c) Emmett', '(c)', 5),
  );
  for (const note of skipped) lines.push(`- skipped: ${note}`);
  return `${lines.join('\n')}\n`;
}

export const benchStoreCommand: CliCommand = {
  summary: 'benchmark event-store appends (1/8/64 streams) against raw SQLite and Emmett',
  async run(args) {
    if (args.includes('--help')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const log = (line: string) => process.stderr.write(`${line}\n`);
    // Emmett logs its SQLITE_BUSY failures with console.*: keep standard output for the report alone.
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      console[method] = (...items: unknown[]) => log(format(...items));
    const scale = args.includes('--quick') ? 0.2 : 1;
    const subjects: Subject[] = [ours, rawPerAppend, rawBatched];
    const skipped: string[] = [];
    if (!args.includes('--no-emmett')) subjects.push(emmettSubject(ensureEmmett(repositoryRoot(), log)));
    const esdb = args.includes('--no-esdb') ? undefined : esdbSubject();
    if (esdb && typeof esdb !== 'string') subjects.push(esdb);
    else skipped.push(`(d) EventStoreDB adapter via the test server: ${esdb ?? '--no-esdb'}`);
    const repeatsArg = args[args.indexOf('--repeats') + 1];
    const repeats = args.includes('--repeats') && repeatsArg ? Math.max(1, Number(repeatsArg)) : 3;
    const rows = await runAll(subjects, scale, repeats, log);
    process.stdout.write(report(rows, skipped, repeats));
    return 0;
  },
};
