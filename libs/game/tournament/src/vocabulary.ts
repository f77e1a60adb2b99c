import type { PlayerId } from '@liars-dice/game-rules';

export type { PlayerId };

/** How a tournament is played: a fixed number of swiss rounds then a final table, or knockout tables. */
export const FORMATS = ['swiss-tables', 'knockout-tables'] as const;
export type Format = (typeof FORMATS)[number];

/** What a round is for: a swiss round, a knockout round, or the final table (one table, the last round). */
export const STAGES = ['swiss', 'knockout', 'final'] as const;
export type Stage = (typeof STAGES)[number];

export const PLAYER_KINDS = ['human', 'cpu'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];

/**
 * Where a player stands: `registered` before the start, `active` while they may be seated, `eliminated` out
 * of a knockout, and the three ways out (withdrawn, no-show, disqualified).
 */
export const PLAYER_STATUSES = ['registered', 'active', 'eliminated', 'withdrawn', 'no-show', 'disqualified'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** The roles a command arrives with; `system` is the server itself (its process manager, the house). */
export const ACTOR_ROLES = ['player', 'organiser', 'moderator', 'admin', 'system'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

export interface Actor {
  readonly id: string;
  readonly role: ActorRole;
}

/** Liar's Dice is played by 2 to 6 at a table (rules.md §1); a tournament's table size lies within. */
export const TABLE_MIN = 2;
export const TABLE_MAX = 6;
export const MAX_CAPACITY = 10_000;
export const MAX_SWISS_ROUNDS = 20;
export const MAX_CHECK_IN_MINUTES = 24 * 60;
export const MAX_NAME_LENGTH = 80;
/**
 * How far ahead a tournament may be scheduled: a start in the year 275760 (the last a JavaScript Date holds)
 * was accepted and listed among the upcoming ones for good (ADR 0031).
 */
export const MAX_DAYS_AHEAD = 365;
/** A tournament needs a turn timer (no-shows are timed out); this one applies when the options set none. */
export const DEFAULT_TURN_SECONDS = 60;

export function isFormat(value: unknown): value is Format {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

/** English ordinal of a place: 1st, 2nd, 3rd, 4th, 11th, 21st… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
