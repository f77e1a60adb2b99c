import type { ConfirmRuling, RejectRuling, RuleDispute } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import type { Dispute, DisputesState } from './dispute-state';
import { reviewable } from './guards';
import { ModerationViolation } from './moderation-violation';
import { reasonOf } from './parse';
import { isIrreversible, rulingOf } from './parse-ruling';
import { type Actor, LIMITS, refOf } from './vocabulary';

/** `field`: what the refusal names — the ruling's action, or the dispute whose ruling is confirmed. */
function alreadyVoided(state: DisputesState, dispute: Dispute, field: 'action' | 'disputeId'): ModerationViolation | null {
  return state.voidedBy !== null && state.voidedBy !== dispute.id
    ? new ModerationViolation('MATCH_ALREADY_VOIDED', `match ${dispute.matchId} is already void (dispute ${state.voidedBy})`, field)
    : null;
}

/** The moderator holding a dispute rules on it; a void or a ban may have to wait for a second moderator. */
export function ruleDispute(state: DisputesState, data: RuleDispute['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = reviewable(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  if (dispute.status === 'open') return new ModerationViolation('NOT_CLAIMED', `claim dispute ${dispute.id} before ruling on it`, 'disputeId');
  if (dispute.status !== 'claimed') return new ModerationViolation('NOT_OPEN', `dispute ${dispute.id} is ${dispute.status}: it has a ruling`, 'disputeId');
  if (dispute.claimedBy?.id !== data.by.id) return new ModerationViolation('NOT_YOUR_CLAIM', `dispute ${dispute.id} is held by ${dispute.claimedBy?.name}`, 'disputeId');
  const ruling = rulingOf(data, dispute);
  if (ruling instanceof ModerationViolation) return ruling;
  if (ruling.action === 'void') {
    const voided = alreadyVoided(state, dispute, 'action');
    if (voided) return voided;
  }
  const pendingSecond = data.policy.secondModerator && isIrreversible(ruling);
  return [{ type: 'DisputeRuled', data: { disputeId: dispute.id, moderator: refOf(data.by), ruling, pendingSecond, at: data.at } }];
}

/** The dispute waiting for a second moderator, who is not the one who ruled. */
function awaitingSecond(state: DisputesState, disputeId: string, by: Actor): Dispute | ModerationViolation {
  const dispute = reviewable(state, disputeId, by);
  if (dispute instanceof ModerationViolation) return dispute;
  if (dispute.status !== 'awaiting-second' || !dispute.ruling) {
    return new ModerationViolation('NOT_AWAITING_SECOND', `dispute ${dispute.id} is ${dispute.status}: no ruling waits for a second moderator`, 'disputeId');
  }
  if (dispute.ruling.moderator.id === by.id) return new ModerationViolation('SAME_MODERATOR', 'a second moderator confirms a ruling, not the one who made it', 'disputeId');
  return dispute;
}

export function confirmRuling(state: DisputesState, data: ConfirmRuling['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = awaitingSecond(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  const voided = dispute.ruling?.ruling.action === 'void' ? alreadyVoided(state, dispute, 'disputeId') : null;
  if (voided) return voided;
  return [{ type: 'RulingConfirmed', data: { disputeId: dispute.id, moderator: refOf(data.by), at: data.at } }];
}

export function rejectRuling(state: DisputesState, data: RejectRuling['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = awaitingSecond(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  const reason = reasonOf(data.reason, LIMITS.reason);
  if (reason instanceof ModerationViolation) return reason;
  return [{ type: 'RulingRejected', data: { disputeId: dispute.id, moderator: refOf(data.by), reason, at: data.at } }];
}
