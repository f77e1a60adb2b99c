import { Violation } from '@liars-dice/game-rules';

/** Codes of a rejected tournament command; each rejection carries a message naming what was wrong. */
export const TOURNAMENT_VIOLATION_CODES = [
  'UNEXPECTED_COMMAND',
  /** A field the caller typed (a reason, a CPU player's name) is malformed; the message names it. */
  'BAD_USER_INPUT',
  'INVALID_TOURNAMENT',
  'TOURNAMENT_EXISTS',
  'NO_TOURNAMENT',
  'NOT_ALLOWED',
  'REGISTRATION_CLOSED',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'TOURNAMENT_FULL',
  'CPU_NOT_ALLOWED',
  'RANKED_BAN',
  'COLLUSION_MARK',
  'CHECK_IN_CLOSED',
  'ALREADY_CHECKED_IN',
  'TOO_EARLY',
  'NOT_ENOUGH_PLAYERS',
  'ALREADY_STARTED',
  'NOT_RUNNING',
  'TOURNAMENT_OVER',
  'ALREADY_OUT',
  'NO_SEATING_DUE',
  'INVALID_DRAW',
  'NO_DRAFT',
  'UNKNOWN_TABLE',
  'MATCH_ALREADY_ASSIGNED',
  'MATCH_MISMATCH',
  'TABLE_NOT_PLAYING',
  'INVALID_RESULT',
  'TABLE_NOT_VOIDED',
  'NOT_REINSTATABLE',
  /** A CPU player's name reads as an account's. */
  'NAME_TAKEN',
] as const;
export type TournamentViolationCode = (typeof TOURNAMENT_VIOLATION_CODES)[number];

/** The one error type of the tournament decider: returned as a value, never thrown. */
export class TournamentViolation extends Violation<TournamentViolationCode> {
  override readonly name = 'TournamentViolation';
}

export function isTournamentViolation(value: unknown): value is TournamentViolation {
  return value instanceof TournamentViolation;
}
