import { Refusal } from '@liars-dice/server-platform';
import { isRuleset, RULESETS } from '@liars-dice/game-rules';

/** A `family` argument given as text (ladders and statistics), checked against the rule families. */
export function checkFamily(family: string | null | undefined, field = 'family'): void {
  if (family && !isRuleset(family)) throw new Refusal('BAD_USER_INPUT', `${field}: one of ${RULESETS.join(', ')}`, field);
}
