import { DAY_MS } from './vocabulary';

/** The project's moderation settings; the server reads them from its config and passes them in commands. */
export interface ModerationPolicy {
  /** How long after a match ends a dispute may be filed (milliseconds). */
  readonly fileWindowMs: number;
  /** How long after a ruling takes effect an affected player may appeal (milliseconds). */
  readonly appealWindowMs: number;
  /** Whether a void or a ranked ban waits for a second moderator before it takes effect. */
  readonly secondModerator: boolean;
}

export const DEFAULT_POLICY: ModerationPolicy = { fileWindowMs: 7 * DAY_MS, appealWindowMs: 7 * DAY_MS, secondModerator: false };
