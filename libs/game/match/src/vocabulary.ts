import { invisibleCharacter } from '@liars-dice/game-rules';

/** CPU levels, weakest first (libs/game/bots plays each). */
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Regular matches count for ratings and statistics when ranked; practice and tutorial never do (rules.md §10). */
export const MATCH_KINDS = ['regular', 'practice', 'tutorial'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Who a seat is opened for. */
export const SEAT_KINDS = ['human', 'cpu'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

/**
 * Where a match stands: the one vocabulary of views, lists and filters. `closed`: a lobby everyone left before
 * it started (`LobbyClosed`); final, like `finished`.
 */
export const MATCH_STATUSES = ['lobby', 'playing', 'finished', 'closed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The level a CPU plays at when the host names none, and when it takes over a seat (ADR 0005). */
export const DEFAULT_DIFFICULTY: Difficulty = 'medium';

/** The name a CPU seat goes by when its table gave it none. */
export const UNNAMED_CPU = 'cpu';

/** A CPU seat's display name: 1 to 24 letters, digits, spaces, `.`, `'`, `_` or `-`, no space at either end. */
const CPU_NAME = /^[\p{L}\p{N}._'-](?:[\p{L}\p{N} ._'-]{0,22}[\p{L}\p{N}._'-])?$/u;
const CPU_NAME_RULE = "1 to 24 letters, digits, spaces, '.', ''', '_' or '-', no space at either end";

/** Whether a CPU seat may be called `value`: `cpuNameProblem` finds nothing. */
export function isCpuName(value: unknown): value is string {
  return cpuNameProblem(value) === null;
}

/**
 * What is wrong with `value` as a CPU seat's name, or null. A letter no reader sees (U+3164 HANGUL FILLER is a
 * letter) is named: a name shows every character it has (ADR 0070).
 */
export function cpuNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !CPU_NAME.test(value)) return CPU_NAME_RULE;
  const invisible = invisibleCharacter(value);
  return invisible === null ? null : `found ${invisible}; a name shows every character it has`;
}

export interface AccountRef {
  readonly id: string;
  readonly name: string;
}

export function isAccountRef(value: unknown): value is AccountRef {
  const ref = value as Partial<AccountRef> | null;
  return typeof ref === 'object' && ref !== null && typeof ref.id === 'string' && ref.id.length > 0 && typeof ref.name === 'string';
}

function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
}

export const isDifficulty = oneOf(DIFFICULTIES);
export const isMatchKind = oneOf(MATCH_KINDS);
export const isSeatKind = oneOf(SEAT_KINDS);
export const isMatchStatus = oneOf(MATCH_STATUSES);
