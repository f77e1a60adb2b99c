import { ALL, rate } from '@liars-dice/game-projections';
import { DIFFICULTIES } from '@liars-dice/game-match';
import { type Counters, n } from '../counter-rows';
import type { CpuResultsView } from './cpu-results.types';

function cpuResultsView(family: string, level: string, c: Counters): CpuResultsView {
  const seats = n(c, 'seats');
  return {
    family,
    level,
    seats,
    wins: n(c, 'wins'),
    winRate: rate(c['wins'], seats),
    fairWinRate: seats ? n(c, 'fairWins') / 1_000_000 / seats : null,
    averagePlace: rate(c['placeSum'], seats),
    averageTableSize: rate(c['tableSizeSum'], seats),
    pairs: n(c, 'pairs'),
    ahead: n(c, 'ahead'),
    behind: n(c, 'behind'),
    aheadRate: rate(c['ahead'], c['pairs']),
  };
}

const levelOrder = (level: string) => DIFFICULTIES.indexOf(level as (typeof DIFFICULTIES)[number]);

/** Rows keyed `family|level`: families in name order then "all", each by level weakest first; one family when asked. */
export function cpuResultsViews(rows: Map<string, Counters>, family: string | null): CpuResultsView[] {
  return [...rows]
    .map(([key, c]) => {
      const [fam = ALL, level = ''] = key.split('|');
      return { fam, level, c };
    })
    .filter((r) => !family || r.fam === family)
    .sort((a, b) => (a.fam === ALL ? 1 : 0) - (b.fam === ALL ? 1 : 0) || a.fam.localeCompare(b.fam) || levelOrder(a.level) - levelOrder(b.level))
    .map(({ fam, level, c }) => cpuResultsView(fam, level, c));
}
