import { RULESETS } from '@liars-dice/game-rules';

/** The global dashboards' choice: one family or all, one table size or all; kept in the page's address. */
export interface StatsChoice {
  readonly family: string | null;
  readonly size: string;
}

export const TABLE_SIZES = ['2', '3', '4', '5', '6'] as const;

/** A choice from the address's `family` and `size`, anything else read as "all". */
export function choiceFrom(params: { family?: string; size?: string }): StatsChoice {
  const family = (RULESETS as readonly string[]).includes(params.family ?? '')
    ? (params.family ?? null)
    : null;
  const size = (TABLE_SIZES as readonly string[]).includes(params.size ?? '')
    ? (params.size ?? 'all')
    : 'all';
  return { family, size };
}
