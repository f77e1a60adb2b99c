import { ALL, rate } from '@liars-dice/game-projections';
import { type Counters, n } from '../counter-rows';
import type { GlobalStatsView } from './global-stats.types';

/** Rows keyed `family|tableSize`, by family then size; one family only when asked. */
export function globalStatsViews(rows: Map<string, Counters>, family: string | null): GlobalStatsView[] {
  return [...rows]
    .map(([key, c]) => {
      const [fam = ALL, size = ALL] = key.split('|');
      return { fam, size, c };
    })
    .filter((r) => !family || r.fam === family)
    .sort((a, b) => a.fam.localeCompare(b.fam) || a.size.localeCompare(b.size))
    .map(({ fam, size, c }) => ({
      family: fam,
      tableSize: size,
      matches: n(c, 'matches'),
      rounds: n(c, 'rounds'),
      openingBidHoldRate: rate(c['openingBidsHeld'], c['openingBids']),
      liarCallSuccessRate: rate(c['liarCallsRight'], c['liarCalls']),
      spotOnSuccessRate: rate(c['spotOnExact'], c['spotOnCalls']),
      fatalShotRate: rate(c['fatalShots'], c['shots']),
      timeouts: n(c, 'timeouts'),
    }));
}
