import type { AppealRuling, DecideAppeal } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import { affectedBy, type DisputesState } from './dispute-state';
import { findDispute, reviewable } from './guards';
import { ModerationViolation } from './moderation-violation';
import { reasonOf, textOf } from './parse';
import { LIMITS, refOf } from './vocabulary';

/** An affected player appeals a ruling in force, once per ruling, within the appeal window. */
export function appealRuling(state: DisputesState, data: AppealRuling['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = findDispute(state, data.disputeId);
  if (dispute instanceof ModerationViolation) return dispute;
  if (dispute.status === 'appealed' || dispute.status === 'closed') {
    return new ModerationViolation('ALREADY_APPEALED', `the ruling on dispute ${dispute.id} has been appealed already (once per ruling)`, 'disputeId');
  }
  if (dispute.status !== 'ruled' || !dispute.ruling || dispute.ruling.effectiveAt === null) {
    return new ModerationViolation('NOT_RULED', `dispute ${dispute.id} has no ruling in force to appeal`, 'disputeId');
  }
  if (!affectedBy(dispute).includes(data.by.id)) {
    return new ModerationViolation('NOT_AFFECTED', `the ruling on dispute ${dispute.id} does not affect ${data.by.name}`, 'disputeId');
  }
  if (data.at > dispute.ruling.effectiveAt + data.policy.appealWindowMs) {
    const days = Math.round(data.policy.appealWindowMs / 86_400_000);
    return new ModerationViolation('APPEAL_WINDOW_CLOSED', `a ruling may be appealed up to ${days} days after it took effect`, 'disputeId');
  }
  const text = textOf(data.text, 'text', LIMITS.text, 'INVALID_COMMAND');
  if (text instanceof ModerationViolation) return text;
  return [{ type: 'RulingAppealed', data: { disputeId: dispute.id, player: refOf(data.by), text, at: data.at } }];
}

/** A moderator other than the one who ruled (and the one who confirmed) upholds or overturns the appealed ruling, with a reason. */
export function decideAppeal(state: DisputesState, data: DecideAppeal['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = reviewable(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  if (dispute.status !== 'appealed' || !dispute.ruling) return new ModerationViolation('NOT_APPEALED', `dispute ${dispute.id} has no appeal waiting`, 'disputeId');
  if (dispute.ruling.moderator.id === data.by.id || dispute.ruling.confirmedBy?.id === data.by.id) {
    return new ModerationViolation('SAME_MODERATOR', 'an appeal is decided by a moderator other than the ones who ruled and confirmed', 'disputeId');
  }
  if (data.decision !== 'upheld' && data.decision !== 'overturned') {
    return new ModerationViolation('INVALID_COMMAND', 'decision: expected upheld or overturned', 'decision');
  }
  const reason = reasonOf(data.reason, LIMITS.reason);
  if (reason instanceof ModerationViolation) return reason;
  return [{ type: 'AppealDecided', data: { disputeId: dispute.id, moderator: refOf(data.by), decision: data.decision, reason, at: data.at } }];
}
