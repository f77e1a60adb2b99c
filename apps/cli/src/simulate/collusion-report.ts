import type { SeedResult } from './collusion-run';

export interface ReportSettings {
  readonly players: number;
  readonly matches: number;
  readonly together: number;
  readonly threshold: number;
}

const fixed = (n: number | undefined, digits = 1) => (n === undefined ? '–' : n.toFixed(digits));

function row(r: SeedResult): string {
  const p = r.plantedSignals;
  const planted = `${r.planted[0]} (${r.plantedLevels[0]}) + ${r.planted[1]} (${r.plantedLevels[1]})`;
  const answers = p ? p.challengesAB.trials + p.challengesBA.trials : 0;
  return `| ${r.seed} | ${planted} | ${p?.sharedMatches ?? 0} | ${answers} | ${r.plantedRank ?? '–'} | ${r.plantedPlayRank ?? '–'} | ${fixed(p?.suspicion)} | ${fixed(p?.play)} | ${fixed(p?.coSeating.evidence)} | ${fixed(r.topHonest?.suspicion, 2)} | ${r.falsePositives} | ${r.pairsScored} | ${r.seconds.toFixed(1)} |`;
}

/** Whether every seed ranked the planted pair first and flagged no honest pair. */
export function collusionVerdict(results: readonly SeedResult[]): boolean {
  return results.every((r) => r.plantedRank === 1 && r.falsePositives === 0);
}

/** The per-seed table and the verdict, as committed to docs/benchmarks/collusion.md. */
export function collusionReport(results: readonly SeedResult[], settings: ReportSettings): string {
  const first = results.filter((r) => r.plantedRank === 1).length;
  const falsePositives = results.reduce((sum, r) => sum + r.falsePositives, 0);
  const lowestPlanted = Math.min(...results.map((r) => r.plantedSignals?.suspicion ?? 0));
  const highestHonest = Math.max(...results.map((r) => r.topHonest?.suspicion ?? 0));
  return [
    `${settings.players} CPU players, ${settings.matches} ranked matches of 3–6 seats per seed (families mixed), colluders join each other's table with chance ${settings.together}, threshold ${settings.threshold}.`,
    '',
    '| seed | planted pair (levels) | shared matches | answers to each other | rank | rank by play alone | suspicion | play | co-seating | top honest suspicion | honest pairs ≥ threshold | pairs scored | s |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(row),
    '',
    `Planted pair ranked first in ${first} of ${results.length} seeds; honest pairs at or above ${settings.threshold}: ${falsePositives}.`,
    `Lowest planted suspicion ${lowestPlanted.toFixed(1)}, highest honest suspicion ${highestHonest.toFixed(2)}.`,
    `Verdict: ${collusionVerdict(results) ? 'met' : 'NOT met'} (planted pair first and no honest pair at or above the threshold, every seed).`,
  ].join('\n');
}
