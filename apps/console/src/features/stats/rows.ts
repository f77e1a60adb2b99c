import type { StatsChoice } from './stats-choice';

/** The row of a per-family × table-size list that a choice names ("all" for either when none is chosen). */
export function rowFor<T extends { family: string; tableSize: string }>(
  rows: readonly T[] | undefined,
  choice: StatsChoice,
): T | undefined {
  return rows?.find((row) => row.family === (choice.family ?? 'all') && row.tableSize === choice.size);
}

/** The query variables for a choice: one family, or every family (the API then adds the "all" rows). */
export const familyVariables = (choice: StatsChoice) => ({ family: choice.family });
