import { Violation } from '@liars-dice/game-rules';

/** Codes of a refused moderation command: what a client sees as the error's code. */
export const MODERATION_VIOLATION_CODES = [
  'INVALID_COMMAND',
  'INVALID_DISPUTE',
  'NOT_A_PLAYER',
  'NOT_A_MODERATOR',
  'MATCH_NOT_STARTED',
  'FILING_WINDOW_CLOSED',
  'ALREADY_FILED',
  'UNKNOWN_DISPUTE',
  'STALE_REVISION',
  'ALREADY_CLAIMED',
  'NOT_OPEN',
  'NOT_CLAIMED',
  'NOT_YOUR_CLAIM',
  'CONFLICT_OF_INTEREST',
  'INVALID_RULING',
  'REASON_REQUIRED',
  'MATCH_ALREADY_VOIDED',
  'NOT_AWAITING_SECOND',
  'SAME_MODERATOR',
  'NOT_RULED',
  'NOT_AFFECTED',
  'ALREADY_APPEALED',
  'APPEAL_WINDOW_CLOSED',
  'NOT_APPEALED',
  'INVALID_SANCTION',
  'SANCTION_EXISTS',
  'UNKNOWN_SANCTION',
  'ALREADY_LIFTED',
  'SANCTION_ENDED',
] as const;
export type ModerationViolationCode = (typeof MODERATION_VIOLATION_CODES)[number];

/** A moderation rule a command breaks, as a value (deciders return it, never throw it). */
export class ModerationViolation extends Violation<ModerationViolationCode> {
  override readonly name = 'ModerationViolation';
}

export function isModerationViolation(value: unknown): value is ModerationViolation {
  return value instanceof ModerationViolation;
}
