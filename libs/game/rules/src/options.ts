import { RuleViolation } from './rule-violation';
import { REVOLVER_DICE, type Ruleset } from './vocabulary';

/** Every option of every family; a family ignores nothing: options it lacks are fixed here (rules.md §1). */
export interface MatchOptions {
  readonly startingDice: number;
  readonly wildOnes: boolean;
  readonly spotOn: boolean;
  readonly palifico: boolean;
  readonly bullets: number;
  readonly turnSeconds: number | null;
}

export type OptionKey = keyof MatchOptions;

interface OptionRule {
  readonly check: (value: unknown) => boolean;
  readonly expected: string;
}

const boolean: OptionRule = { check: (v) => typeof v === 'boolean', expected: 'true or false' };
const integerIn = (min: number, max: number): OptionRule => ({
  check: (v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max,
  expected: `a whole number from ${min} to ${max}`,
});
const timer: OptionRule = {
  check: (v) => v === null || integerIn(10, 600).check(v),
  expected: 'null or a whole number from 10 to 600',
};

/** The options a family lets the table choose, with their ranges (rules.md §1). */
export const ADJUSTABLE_OPTIONS: Readonly<Record<Ruleset, Partial<Record<OptionKey, OptionRule>>>> = {
  classic: {
    startingDice: { check: (v) => v === 3 || v === 4 || v === 5, expected: '3, 4 or 5' },
    wildOnes: boolean,
    turnSeconds: timer,
  },
  perudo: { wildOnes: boolean, spotOn: boolean, palifico: boolean, turnSeconds: timer },
  revolver: { wildOnes: boolean, spotOn: boolean, bullets: integerIn(1, 5), turnSeconds: integerIn(10, 600) },
};

export const PRESETS: Readonly<Record<Ruleset, MatchOptions>> = {
  classic: { startingDice: 5, wildOnes: true, spotOn: false, palifico: false, bullets: 0, turnSeconds: null },
  perudo: { startingDice: 5, wildOnes: true, spotOn: true, palifico: true, bullets: 0, turnSeconds: null },
  revolver: { startingDice: REVOLVER_DICE, wildOnes: true, spotOn: true, palifico: false, bullets: 1, turnSeconds: 60 },
};

/**
 * Applies a table's chosen options over the family preset. An option the family does not have, or a value
 * out of range, is rejected with a message naming the option.
 */
export function resolveOptions(ruleset: Ruleset, chosen: unknown): MatchOptions | RuleViolation {
  if (chosen === undefined || chosen === null) return PRESETS[ruleset];
  if (typeof chosen !== 'object' || Array.isArray(chosen)) {
    return new RuleViolation('INVALID_MATCH', 'options: expected an object');
  }
  const allowed = ADJUSTABLE_OPTIONS[ruleset];
  const result: Record<string, unknown> = { ...PRESETS[ruleset] };
  for (const [key, value] of Object.entries(chosen)) {
    // Own keys only: `constructor`, `toString` or a JSON `__proto__` key name no option (Object.prototype's).
    const rule = Object.hasOwn(allowed, key) ? allowed[key as OptionKey] : undefined;
    if (!rule) return new RuleViolation('INVALID_MATCH', `options.${key}: not an option of ${ruleset}`);
    if (!rule.check(value)) return new RuleViolation('INVALID_MATCH', `options.${key}: expected ${rule.expected}`);
    result[key] = value;
  }
  return result as unknown as MatchOptions;
}
