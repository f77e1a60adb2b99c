import { CollusionLedger, matchEvidence, type PairSignals, rankPairs } from '@liars-dice/game-collusion';
import { populationOf, scheduleOf } from './population';
import { playRecorded } from './play-recorded';

export interface CollusionRunOptions {
  readonly players: number;
  readonly matches: number;
  readonly seed: number;
  /** Suspicion at or above which a pair is flagged. */
  readonly threshold: number;
  /** Chance that one of the pair joins the other's table (population.ts). */
  readonly together: number;
}

export interface SeedResult {
  readonly seed: number;
  readonly planted: readonly [string, string];
  /** The CPU level each of the pair plays (their colluding wraps it). */
  readonly plantedLevels: readonly [string, string];
  /** 1 = the most suspicious pair; null when the pair never shared a match. */
  readonly plantedRank: number | null;
  /** Their rank by the play signals alone (co-seating left out). */
  readonly plantedPlayRank: number | null;
  readonly plantedSignals: PairSignals | null;
  /** The most suspicious honest pair. */
  readonly topHonest: PairSignals | null;
  /** Honest pairs at or above the threshold. */
  readonly falsePositives: number;
  readonly pairsScored: number;
  readonly seconds: number;
}

function rankOf(ranked: readonly PairSignals[], planted: readonly [string, string]): number | null {
  const index = ranked.findIndex((s) => s.a === planted[0] && s.b === planted[1]);
  return index < 0 ? null : index + 1;
}

/** Plays one seed's population and schedule through the engine, then ranks every pair that shared a table. */
export function runCollusionSeed(options: CollusionRunOptions): SeedResult {
  const started = performance.now();
  const population = populationOf(options.players, options.seed);
  const seedHex = (options.seed >>> 0).toString(16).padStart(8, '0').repeat(8);
  const ledger = new CollusionLedger();
  for (const match of scheduleOf(population, options.matches, options.seed, options.together)) {
    const events = playRecorded(population, match, seedHex);
    ledger.add(matchEvidence({ accounts: Object.fromEntries(match.players.map((id) => [id, id])), events }));
  }
  const ranked = rankPairs(ledger, ledger.pairsTogether());
  const planted = population.planted;
  const plantedRank = rankOf(ranked, planted);
  const honest = ranked.filter((s) => s.a !== planted[0] || s.b !== planted[1]);
  return {
    seed: options.seed,
    planted,
    plantedLevels: [population.levels.get(planted[0]) ?? '?', population.levels.get(planted[1]) ?? '?'],
    plantedRank,
    plantedPlayRank: rankOf([...ranked].sort((x, y) => y.play - x.play), planted),
    plantedSignals: plantedRank === null ? null : (ranked[plantedRank - 1] ?? null),
    topHonest: honest[0] ?? null,
    falsePositives: honest.filter((s) => s.suspicion >= options.threshold).length,
    pairsScored: ranked.length,
    seconds: (performance.now() - started) / 1000,
  };
}
