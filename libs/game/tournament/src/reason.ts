import { unshownCharacter, withLineFeeds } from '@liars-dice/game-rules';
import { TournamentViolation } from './tournament-violation';

const MAX_REASON_LENGTH = 500;

/**
 * Why an organiser or moderator did something (a cancellation, a disqualification, a reinstatement): players read
 * it, so it follows the rule of every text people read (`unshownCharacter`); it may have lines.
 */
export function checkReason(reason: unknown): TournamentViolation | null {
  if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > MAX_REASON_LENGTH) {
    return new TournamentViolation('BAD_USER_INPUT', `reason: expected 1 to ${MAX_REASON_LENGTH} characters`);
  }
  const unshown = unshownCharacter(keptReason(reason), 'lines');
  return unshown === null ? null : new TournamentViolation('BAD_USER_INPUT', `reason: found ${unshown}; control and bidirectional-override characters are not allowed`);
}

/** The reason as recorded: trimmed, line breaks as line feeds. */
export function keptReason(reason: string): string {
  return withLineFeeds(reason.trim());
}
