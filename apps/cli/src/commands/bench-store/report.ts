import type { Measurement } from './workload';

/** The targets at 64 streams: this project's store against each baseline, as a throughput ratio. */
const TARGETS = [
  { label: '(a) 1 txn per append', prefix: '(a)', atLeast: 10 },
  { label: '(b) batched inserts', prefix: '(b)', atLeast: 0.8 },
  { label: '(c) Emmett', prefix: '(c)', atLeast: 5 },
] as const;

export interface StoreReport {
  readonly rows: readonly Measurement[];
  readonly durability: ReadonlyMap<string, string>;
  readonly skipped: readonly string[];
  readonly appends: number;
  readonly repeats: number;
  readonly emmettRetries: number;
}

/** The fastest measured row at 64 streams whose subject starts with `prefix` (a baseline run two ways counts at its best). */
function bestAt64(rows: readonly Measurement[], prefix: string): Measurement | undefined {
  return rows.filter((r) => r.streams === 64 && !r.failed && r.subject.startsWith(prefix)).sort((a, b) => b.perSecond - a.perSecond)[0];
}

function verdicts(rows: readonly Measurement[]): string[] {
  const mine = bestAt64(rows, 'SqliteEventStore');
  return TARGETS.map(({ label, prefix, atLeast }) => {
    const other = bestAt64(rows, prefix);
    if (!mine || !other) return `- vs ${label}: target ≥ ${atLeast}×: not measured`;
    const ratio = mine.perSecond / other.perSecond;
    const against = prefix === '(c)' ? ` against its faster way, "${other.subject}"` : '';
    return `- vs ${label}: ${ratio.toFixed(2)}×${against} (target ≥ ${atLeast}×: **${ratio >= atLeast ? 'met' : 'NOT met'}**)`;
  });
}

function row(r: Measurement): string {
  if (r.failed) return `| ${r.subject} | ${r.streams} | — | failed: ${r.failed} | — | — |`;
  return `| ${r.subject} | ${r.streams} | ${r.appends} | ${r.perSecond.toFixed(0)} | ${r.medianMs.toFixed(2)} | ${r.p99Ms.toFixed(2)} |`;
}

/** The Markdown report: the table, each subject's durability as read back, and the targets with their verdicts. */
export function storeReport(report: StoreReport): string {
  const { rows, durability, skipped, appends, repeats, emmettRetries } = report;
  return [
    `Every subject ran the same ${appends} appends per level (split evenly over the streams), median of ${repeats} interleaved round(s) per row. ` +
      `Emmett retried ${emmettRetries} appends that failed with SQLITE_BUSY.`,
    '',
    '| store | streams | appends | appends/s | median ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(row),
    '',
    'Durability, read back from each subject\'s writing connection:',
    ...[...durability].map(([subject, settings]) => `- ${subject}: ${settings}`),
    '',
    'Throughput of SqliteEventStore at 64 streams:',
    ...verdicts(rows),
    ...skipped.map((note) => `- skipped: ${note}`),
  ].join('\n');
}
