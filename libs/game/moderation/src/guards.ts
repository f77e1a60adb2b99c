import { type Dispute, type DisputesState, disputeOf } from './dispute-state';
import { ModerationViolation } from './moderation-violation';
import { requireModerator } from './parse';
import type { Actor } from './vocabulary';

export function findDispute(state: DisputesState, disputeId: unknown): Dispute | ModerationViolation {
  const dispute = typeof disputeId === 'string' ? disputeOf(state, disputeId) : undefined;
  return dispute ?? new ModerationViolation('UNKNOWN_DISPUTE', `no dispute ${String(disputeId)}`, 'disputeId');
}

/** A moderator who did not play the match: nobody reviews, rules on or confirms a match they played. */
export function impartialModerator(dispute: Dispute, by: Actor): ModerationViolation | null {
  const notModerator = requireModerator(by);
  if (notModerator) return notModerator;
  if (dispute.players.includes(by.id)) {
    return new ModerationViolation('CONFLICT_OF_INTEREST', `${by.name} played match ${dispute.matchId} and may not act on its disputes as a moderator`, 'disputeId');
  }
  return null;
}

/** The dispute, checked to exist and to be reviewed by an impartial moderator. */
export function reviewable(state: DisputesState, disputeId: unknown, by: Actor): Dispute | ModerationViolation {
  const dispute = findDispute(state, disputeId);
  if (dispute instanceof ModerationViolation) return dispute;
  return impartialModerator(dispute, by) ?? dispute;
}
