import { unshownCharacter, withLineFeeds } from '@liars-dice/game-rules';
import { ModerationViolation, type ModerationViolationCode } from './moderation-violation';
import { type Actor, isModerator } from './vocabulary';

/**
 * A trimmed, non-empty text of at most `max` characters, or the violation naming the field. A moderator or
 * another player reads it, so it follows the rule of every text people read (`unshownCharacter`: no NUL, no
 * bidirectional override); it may have lines, kept as line feeds.
 */
export function textOf(value: unknown, field: string, max: number, code: ModerationViolationCode): string | ModerationViolation {
  if (typeof value !== 'string' || value.trim().length === 0) return new ModerationViolation(code, `${field}: required, a non-empty text`, field);
  const text = withLineFeeds(value.trim());
  if (text.length > max) return new ModerationViolation(code, `${field}: at most ${max} characters (got ${text.length})`, field);
  const unshown = unshownCharacter(text, 'lines');
  if (unshown !== null) return new ModerationViolation(code, `${field}: found ${unshown}; control and bidirectional-override characters are not allowed`, field);
  return text;
}

export function reasonOf(value: unknown, max: number): string | ModerationViolation {
  return textOf(value, 'reason', max, 'REASON_REQUIRED');
}

export function requireModerator(by: Actor): ModerationViolation | null {
  return isModerator(by.role) ? null : new ModerationViolation('NOT_A_MODERATOR', `${by.name} is not a moderator`);
}

/** Distinct whole numbers in [0, below), at most `max` of them, sorted. */
export function stepsOf(value: unknown, below: number, max: number): readonly number[] | ModerationViolation {
  if (!Array.isArray(value)) return new ModerationViolation('INVALID_DISPUTE', 'steps: expected a list of step numbers', 'steps');
  if (value.length > max) return new ModerationViolation('INVALID_DISPUTE', `steps: at most ${max} (got ${value.length})`, 'steps');
  for (const [i, step] of value.entries()) {
    if (!Number.isInteger(step) || step < 0 || step >= below) {
      return new ModerationViolation('INVALID_DISPUTE', `steps[${i}]: expected a step number from 0 to ${below - 1}`, `steps[${i}]`);
    }
  }
  return [...new Set(value as number[])].sort((a, b) => a - b);
}
