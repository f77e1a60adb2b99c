import { ALL, CHANCE_BINS, LENGTH_BUCKETS, rate } from '@liars-dice/game-projections';
import { FACES } from '@liars-dice/game-rules';
import { type Counters, n } from '../counter-rows';
import { histogram, seatPositions } from '../distributions';
import type { CallCalibrationBinView, GlobalStatsView } from './global-stats.types';

function callCalibration(c: Counters): CallCalibrationBinView[] {
  return Array.from({ length: CHANCE_BINS }, (_, bin) => {
    const calls = n(c, `calls:${bin}`);
    const right = n(c, `callsRight:${bin}`);
    const chance = rate(c[`callChance:${bin}`], calls);
    return {
      from: bin / CHANCE_BINS,
      to: (bin + 1) / CHANCE_BINS,
      calls,
      callersRight: right,
      meanChanceHeld: chance === null ? null : chance / 1_000_000,
      heldRate: rate(calls - right, calls),
      callersRightRate: rate(right, calls),
    };
  });
}

function globalStatsView(family: string, tableSize: string, c: Counters): GlobalStatsView {
  return {
    family,
    tableSize,
    matches: n(c, 'matches'),
    rounds: n(c, 'rounds'),
    openingBidHoldRate: rate(c['openingBidsHeld'], c['openingBids']),
    liarCallSuccessRate: rate(c['liarCallsRight'], c['liarCalls']),
    spotOnSuccessRate: rate(c['spotOnExact'], c['spotOnCalls']),
    fatalShotRate: rate(c['fatalShots'], c['shots']),
    timeouts: n(c, 'timeouts'),
    bidFaces: FACES.map((face) => ({ face, bids: n(c, `bidFace:${face}`) })),
    callCalibration: callCalibration(c),
    seatPositions: seatPositions(c, 'position', (position) => n(c, `position:${position}:matches`)),
    matchRounds: histogram(c, 'matchRounds', LENGTH_BUCKETS.matchRounds),
    matchMinutes: histogram(c, 'matchMinutes', LENGTH_BUCKETS.matchMinutes),
    roundBids: histogram(c, 'roundBids', LENGTH_BUCKETS.roundBids),
    roundSeconds: histogram(c, 'roundSeconds', LENGTH_BUCKETS.roundSeconds),
  };
}

/** Rows keyed `family|tableSize`, by family then size; one family only when asked. */
export function globalStatsViews(rows: Map<string, Counters>, family: string | null): GlobalStatsView[] {
  return [...rows]
    .map(([key, c]) => {
      const [fam = ALL, size = ALL] = key.split('|');
      return { fam, size, c };
    })
    .filter((r) => !family || r.fam === family)
    .sort((a, b) => a.fam.localeCompare(b.fam) || a.size.localeCompare(b.size))
    .map(({ fam, size, c }) => globalStatsView(fam, size, c));
}
