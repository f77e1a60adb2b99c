import { ordinal, rate, rating, type Rating } from 'openskill';
import { FAMILIES, LADDER, type Pairing } from './plan';
import type { SliceResult } from './play';
import { Histogram, wilson } from './stats';
import type { DecisionTimes } from './timing';

export interface PairingResult {
  readonly pairing: Pairing;
  readonly places: number[][];
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function winLine(label: string, wins: number, n: number, target: number): string {
  const { rate: r, low, high } = wilson(wins, n);
  const verdict = low >= target ? 'met' : r >= target ? 'met (point estimate)' : 'NOT met';
  return `| ${label} | ${n} | ${pct(r)} | ${pct(low)} – ${pct(high)} | ${pct(target)} | ${verdict} |`;
}

function targetOf(pairing: Pairing): number {
  const [stronger, weaker] = pairing.lineup;
  if (pairing.table === 'heads-up') {
    const adjacent = LADDER.indexOf(stronger ?? 'random') === LADDER.indexOf(weaker ?? 'random') + 1;
    return adjacent ? 0.6 : 0.5;
  }
  return stronger === 'expert' && weaker === 'medium' ? 0.375 : 0.25;
}

function labelOf(pairing: Pairing): string {
  const [stronger, weaker] = pairing.lineup;
  return `${stronger} vs ${pairing.table === 'heads-up' ? '' : '3 × '}${weaker}`;
}

/** The first lineup entry's wins, per pairing and pooled over the families. */
function winTable(results: readonly PairingResult[], table: 'heads-up' | 'one-vs-three'): string[] {
  const lines = ['| pairing (first wins) | matches | win rate | 95 % CI | target | |', '|---|---:|---:|---|---:|---|'];
  const pooled = new Map<string, { target: number; wins: number; n: number }>();
  const families = new Set(results.map((r) => r.pairing.family));
  for (const { pairing, places } of results) {
    if (pairing.table !== table) continue;
    const wins = places.filter((p) => p[0] === 1).length;
    const target = targetOf(pairing);
    lines.push(winLine(`${pairing.family}: ${labelOf(pairing)}`, wins, places.length, target));
    const sum = pooled.get(labelOf(pairing)) ?? { target, wins: 0, n: 0 };
    pooled.set(labelOf(pairing), { target, wins: sum.wins + wins, n: sum.n + places.length });
  }
  if (families.size > 1) {
    for (const [label, { target, wins, n }] of pooled) lines.push(winLine(`**all families: ${label}**`, wins, n, target));
  }
  return lines;
}

/** One openskill rating per kind from the heads-up and mixed tables, matches interleaved across pairings. */
function ratings(results: readonly PairingResult[]): string[] {
  const rated = results.filter((r) => r.pairing.table !== 'one-vs-three');
  const levels = new Map<string, Rating>(LADDER.map((kind) => [kind, rating()]));
  const longest = Math.max(0, ...rated.map((r) => r.places.length));
  for (let i = 0; i < longest; i++) {
    for (const { pairing, places } of rated) {
      const match = places[i];
      if (!match) continue;
      const teams = pairing.lineup.map((kind) => [levels.get(kind) ?? rating()]);
      const updated = rate(teams, { rank: match });
      pairing.lineup.forEach((kind, j) => levels.set(kind, updated[j]?.[0] ?? rating()));
    }
  }
  const lines = ['| level | μ | σ | ordinal (μ − 3σ) |', '|---|---:|---:|---:|'];
  for (const kind of LADDER) {
    const r = levels.get(kind) ?? rating();
    lines.push(`| ${kind} | ${r.mu.toFixed(2)} | ${r.sigma.toFixed(2)} | ${ordinal(r).toFixed(2)} |`);
  }
  return lines;
}

function timingTable(slices: readonly SliceResult[]): string[] {
  const byKind = new Map<string, Histogram>();
  for (const slice of slices) {
    for (const [kind, buckets] of Object.entries(slice.timing)) {
      const h = byKind.get(kind) ?? new Histogram();
      h.merge(buckets);
      byKind.set(kind, h);
    }
  }
  const lines = ['| level | decisions | p50 | p90 | p99 | p99.9 |', '|---|---:|---:|---:|---:|---:|'];
  for (const kind of LADDER) {
    const h = byKind.get(kind);
    if (h) lines.push(`| ${kind} | ${h.count} | ${us(h.quantile(0.5))} | ${us(h.quantile(0.9))} | ${us(h.quantile(0.99))} | ${us(h.quantile(0.999))} |`);
  }
  return lines;
}

const us = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} ms` : `${x.toFixed(0)} µs`);

function aloneTable(times: readonly DecisionTimes[]): string[] {
  const lines = ['| level | decisions | wall p50 | wall p99 | CPU p50 | CPU p90 | CPU p99 | CPU p99.9 |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const { kind, wall, cpu } of times) {
    lines.push(`| ${kind} | ${wall.count} | ${us(wall.quantile(0.5))} | ${us(wall.quantile(0.99))} | ${us(cpu.quantile(0.5))} | ${us(cpu.quantile(0.9))} | ${us(cpu.quantile(0.99))} | ${us(cpu.quantile(0.999))} |`);
  }
  return lines;
}

export function ladderReport(results: readonly PairingResult[], slices: readonly SliceResult[], alone: readonly DecisionTimes[]): string {
  const families = FAMILIES.filter((f) => results.some((r) => r.pairing.family === f));
  return [
    `Families: ${families.join(', ')} (preset options). Seats rotate every match; dice and chambers from houseCommand (seeded).`,
    '',
    '### Heads-up (target: each level beats the one below it ≥ 60 %)',
    ...winTable(results, 'heads-up'),
    '',
    '### 4-player tables, one stronger bot vs three copies of a weaker one (fair share 25 %; expert vs 3 × medium target ≥ 37.5 %)',
    ...winTable(results, 'one-vs-three'),
    '',
    '### openskill (Plackett–Luce defaults) from heads-up and mixed easy/medium/hard/expert tables',
    ...ratings(results),
    '',
    '### Decision time per level, elapsed, inside the ladder (two worker threads on a shared 2-core machine)',
    ...timingTable(slices),
    '',
    '### Decision time per level on the main thread alone, after the ladder (4-player tables of one level, every family)',
    'Elapsed time includes waits for a core taken by other processes; CPU time is the decision\'s own cost.',
    ...aloneTable(alone),
  ].join('\n');
}
