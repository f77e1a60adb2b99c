import { ms, quantile } from '../stats';
import type { TablesMeasurements } from './table-measurements';

/** A cumulative histogram as prom-client prints it: counts at or under each bound (seconds), the sum and count. */
export interface Bucketed {
  readonly bounds: readonly number[];
  readonly counts: readonly number[];
  readonly sum: number;
  readonly count: number;
}

/**
 * The histograms the report splits a command's time with: the API's path steps, its PlaceBid command timer, and
 * prom-client's main-thread GC pauses by kind (a full collection's marking runs beside the main thread around
 * its pause, which makes the latency tail: ADR 0024).
 */
const SERIES = [
  { name: 'liars_dice_path_seconds', label: 'segment', prefix: '', keep: () => true },
  { name: 'liars_dice_command_seconds', label: 'command', prefix: 'command:', keep: (key: string) => key === 'PlaceBidCommand' },
  { name: 'nodejs_gc_duration_seconds', label: 'kind', prefix: 'gc:', keep: (key: string) => key === 'major' || key === 'minor' },
];

type Building = { bounds: number[]; counts: number[]; sum: number; count: number };

/** One `_bucket`, `_sum` or `_count` line into its series (the `+Inf` bucket is the count). */
function add(entry: Building, part: string, labels: string, value: number): void {
  if (part === 'sum') entry.sum = value;
  else if (part === 'count') entry.count = value;
  const le = part === 'bucket' ? /le="([^"]+)"/.exec(labels)?.[1] : undefined;
  if (le === undefined || le === '+Inf') return;
  entry.bounds.push(Number(le));
  entry.counts.push(value);
}

/** Every series of the histograms above in a /metrics text, by its label's value after the series' prefix. */
export function histogramsIn(text: string): Record<string, Bucketed> {
  const found: Record<string, Building> = {};
  for (const { name, label, prefix, keep } of SERIES) {
    const line = new RegExp(`^${name}_(bucket|sum|count)\\{([^}]*)\\} ([0-9.eE+-]+)$`, 'gm');
    for (const [, part = '', labels = '', value] of text.matchAll(line)) {
      const key = new RegExp(`${label}="([^"]+)"`).exec(labels)?.[1];
      if (!key || !keep(key)) continue;
      add((found[`${prefix}${key}`] ??= { bounds: [], counts: [], sum: 0, count: 0 }), part, labels, Number(value));
    }
  }
  return found;
}

/** What was observed between two scrapes. */
export function between(before: Bucketed | undefined, after: Bucketed): Bucketed {
  if (!before) return after;
  return { bounds: after.bounds, counts: after.counts.map((c, i) => c - (before.counts[i] ?? 0)), sum: after.sum - before.sum, count: after.count - before.count };
}

/** The bucket bound (ms) under which a q-share of the observations fell; '>' the largest bound when beyond it. */
export function boundAt(histogram: Bucketed, q: number): string {
  const wanted = q * histogram.count;
  const index = histogram.counts.findIndex((count) => count >= wanted);
  if (index < 0) return `> ${((histogram.bounds.at(-1) ?? 0) * 1000).toFixed(1)} ms`;
  return `≤ ${((histogram.bounds[index] as number) * 1000).toFixed(1)} ms`;
}

const STEPS: Readonly<Record<string, string>> = {
  'command:PlaceBidCommand': 'PlaceBid command (dispatcher → result: decide, append, fold)',
  http_request: 'HTTP POST, request read → answer written',
  append_queued: 'append: queued on the main thread → posted to the writer',
  append_to_writer: 'append: posted → arrived in the writer thread',
  append_in_writer: 'append: arrived → its group’s transaction began',
  append_commit: 'append: the group’s transaction (fsync included)',
  append_to_main: 'append: committed → results taken on the main thread',
  'gc:major': "API main thread: full collections (mark-compact), V8's pause only",
  'gc:minor': 'API main thread: young-generation collections (scavenges)',
};

/** One line per step of the API's path histograms over the window: count, mean, p50 and p99 bucket bounds. */
export function stepLines(first: Record<string, Bucketed> | undefined, last: Record<string, Bucketed> | undefined): string[] {
  if (!last) return [];
  return Object.entries(STEPS).flatMap(([key, title]) => {
    const after = last[key];
    if (!after) return [];
    const window = between(first?.[key], after);
    if (window.count <= 0) return [];
    return [`| ${title} | ${window.count} | ${((1000 * window.sum) / window.count).toFixed(2)} ms | ${boundAt(window, 0.5)} | ${boundAt(window, 0.99)} |`];
  });
}

/**
 * The client's side of the split at the API's commit stamp (`committedAt`: the moment the main thread took the
 * store's acknowledgement): request start → commit and commit → reply for every timed mutation, and the same
 * means over the slowest 1 % alone (where the p99 is made).
 */
export function splitLines(measured: TablesMeasurements): string[] {
  const { toCommit, afterCommit } = measured.split;
  if (toCommit.length === 0) return [];
  const totals = toCommit.map((t, i) => t + (afterCommit[i] as number));
  // The slowest 1 % by total (at least one), ties broken by order.
  const slow = totals.map((_, i) => i).sort((a, b) => (totals[b] as number) - (totals[a] as number)).slice(0, Math.max(1, Math.ceil(totals.length / 100)));
  const cut = totals[slow.at(-1) as number] as number;
  const mean = (values: readonly number[], at: readonly number[]) => ms(at.reduce((s, i) => s + (values[i] as number), 0) / at.length);
  return [
    `| mutation: request start → commit acknowledged on the API's main thread, p50 / p99 | ${ms(quantile(toCommit, 0.5))} / ${ms(quantile(toCommit, 0.99))} |`,
    `| mutation: commit acknowledged → reply arrived, p50 / p99 | ${ms(quantile(afterCommit, 0.5))} / ${ms(quantile(afterCommit, 0.99))} |`,
    `| the slowest 1 % of mutations (${slow.length}, ≥ ${ms(cut)}): mean before / after the commit | ${mean(toCommit, slow)} / ${mean(afterCommit, slow)} |`,
  ];
}
