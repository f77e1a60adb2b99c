import type { BotKind } from '@liars-dice/game-bots';
import type { Ruleset } from '@liars-dice/game-rules';

/** The ladder from the floor up: each level should beat the one before it. */
export const LADDER: readonly BotKind[] = ['random', 'easy', 'medium', 'hard', 'expert'];
export const FAMILIES: readonly Ruleset[] = ['classic', 'perudo', 'revolver'];

export type TableKind = 'heads-up' | 'one-vs-three' | 'mixed';

/** One kind of match played many times: the lineup rotates a seat every match so nobody keeps the start. */
export interface Pairing {
  readonly key: string;
  readonly table: TableKind;
  readonly family: Ruleset;
  /** Lineup by seat before rotation; for one-vs-three the first seat is the single stronger bot. */
  readonly lineup: readonly BotKind[];
}

/**
 * Heads-up: every pair of kinds. One-vs-three: every stronger kind against three copies of a weaker one
 * (expert + 3 × medium among them). Mixed: the four levels at one table, for the ratings.
 */
export function ladderPlan(families: readonly Ruleset[] = FAMILIES): Pairing[] {
  const plan: Pairing[] = [];
  for (const family of families) {
    LADDER.forEach((weaker, i) => {
      for (const stronger of LADDER.slice(i + 1)) {
        plan.push({ key: `${family}:heads-up:${stronger}-${weaker}`, table: 'heads-up', family, lineup: [stronger, weaker] });
        const lineup = [stronger, weaker, weaker, weaker];
        plan.push({ key: `${family}:one-vs-three:${stronger}-${weaker}`, table: 'one-vs-three', family, lineup });
      }
    });
    plan.push({ key: `${family}:mixed`, table: 'mixed', family, lineup: ['easy', 'medium', 'hard', 'expert'] });
  }
  return plan;
}
