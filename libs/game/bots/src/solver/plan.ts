import { roundSpec } from './heads-up';
import type { RoundRules, RoundSpec } from './round-game';
import { DEFAULT_SETTINGS, type SolveSettings } from './solve';

/** The dice splits solved (starter's dice first): every heads-up round with at most two dice a seat. */
export const SOLVED_SPLITS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, 2],
  [2, 1],
  [2, 2],
];

/** The round rules that occur heads-up in classic and perudo (the revolver always rolls five dice a seat). */
export const SOLVED_RULES: readonly RoundRules[] = [
  { ones: 'wild', spotOn: false, faceLock: false },
  { ones: 'plain', spotOn: false, faceLock: false },
  { ones: 'wild', spotOn: true, faceLock: false },
  { ones: 'plain', spotOn: true, faceLock: false },
];

/** Perudo's palifico round: 1s plain, no spot-on, the face locked for a seat with more than one die. */
export const PALIFICO: RoundRules = { ones: 'plain', spotOn: false, faceLock: true };

/** Perudo starts every seat with five dice: a correct spot-on regains one below that. */
const STARTING_DICE = 5;

/**
 * Small rounds get many iterations for free; 2 v 2 (88,719 nodes × 441 hand pairs) gets fewer and keeps more of
 * its rare actions (a lower `mass`), as cleaning costs it more.
 */
function settingsFor(dice: readonly [number, number]): SolveSettings {
  const total = dice[0] + dice[1];
  if (total <= 2) return { ...DEFAULT_SETTINGS, iterations: 1000 };
  if (total === 3) return { ...DEFAULT_SETTINGS, iterations: 500 };
  return { ...DEFAULT_SETTINGS, iterations: 300, mass: 0.0005 };
}

export interface PlannedRound {
  readonly spec: RoundSpec;
  readonly settings: SolveSettings;
}

/**
 * Every round the expert plays from a solved strategy. A palifico round is opened by the seat that just
 * dropped to one die; at 1 v 1 the lock binds nobody, so that round is the plain one.
 */
export function solvedPlan(): PlannedRound[] {
  const specs = SOLVED_RULES.flatMap((rules) => SOLVED_SPLITS.map((dice) => roundSpec(rules, dice, STARTING_DICE)));
  specs.push(roundSpec(PALIFICO, [1, 2], STARTING_DICE));
  return specs.map((spec) => ({ spec, settings: settingsFor(spec.dice) }));
}
