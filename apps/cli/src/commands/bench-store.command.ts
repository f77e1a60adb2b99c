import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliCommand } from './cli-command';
import { emmettSubject, ensureEmmett } from './bench-store/emmett';
import { esdbSubject } from './bench-store/esdb';
import { ours } from './bench-store/ours';
import { rawBatched, rawPerAppend } from './bench-store/raw-sqlite';
import { measure, type Measurement, type Subject } from './bench-store/workload';

const USAGE = `usage: bench-store [--quick] [--no-emmett] [--no-esdb]
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

async function runSubject(
  subject: Subject,
  scale: number,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const { streams, perStream } of LEVELS) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ld-bench-store-'));
    try {
      const { append, close } = await subject.open(dir);
      await append('warm-up', 0);
      results.push(await measure(subject.name, append, streams, Math.max(2, Math.round(perStream * scale))));
      await close();
      log(
        `${subject.name} @ ${streams} streams: ${results[results.length - 1]?.perSecond.toFixed(0)} appends/s`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

function report(rows: readonly Measurement[], skipped: readonly string[]): string {
  const lines = [
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
    const scale = args.includes('--quick') ? 0.2 : 1;
    const subjects: Subject[] = [ours, rawPerAppend, rawBatched];
    const skipped: string[] = [];
    if (!args.includes('--no-emmett')) subjects.push(emmettSubject(ensureEmmett(repositoryRoot(), log)));
    const esdb = args.includes('--no-esdb') ? undefined : esdbSubject();
    if (esdb && typeof esdb !== 'string') subjects.push(esdb);
    else skipped.push(`(d) EventStoreDB adapter via the test server: ${esdb ?? '--no-esdb'}`);
    const rows: Measurement[] = [];
    for (const subject of subjects) rows.push(...(await runSubject(subject, scale, log)));
    process.stdout.write(report(rows, skipped));
    return 0;
  },
};
