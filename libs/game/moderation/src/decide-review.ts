import type { AddNote, ClaimDispute, ReleaseDispute } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import type { DisputesState } from './dispute-state';
import { findDispute, reviewable } from './guards';
import { ModerationViolation } from './moderation-violation';
import { requireModerator, textOf } from './parse';
import { LIMITS, refOf } from './vocabulary';

/** A moderator takes an open dispute. Two cannot hold one: the second finds it claimed or changed. */
export function claimDispute(state: DisputesState, data: ClaimDispute['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = reviewable(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  if (dispute.status === 'claimed') {
    const holder = dispute.claimedBy?.id === data.by.id ? 'you' : dispute.claimedBy?.name;
    return new ModerationViolation('ALREADY_CLAIMED', `dispute ${dispute.id} is already claimed by ${holder}`, 'disputeId');
  }
  if (dispute.status !== 'open') return new ModerationViolation('NOT_OPEN', `dispute ${dispute.id} is ${dispute.status}, not open`, 'disputeId');
  if (data.expectedRevision !== undefined && data.expectedRevision !== dispute.revision) {
    return new ModerationViolation('STALE_REVISION', `dispute ${dispute.id} is at revision ${dispute.revision}, not ${data.expectedRevision}: reload it`, 'expectedRevision');
  }
  return [{ type: 'DisputeClaimed', data: { disputeId: dispute.id, moderator: refOf(data.by), at: data.at } }];
}

/** The holder (or an admin, for a claim left behind) gives a dispute back to the queue. */
export function releaseDispute(state: DisputesState, data: ReleaseDispute['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = findDispute(state, data.disputeId);
  if (dispute instanceof ModerationViolation) return dispute;
  const notModerator = requireModerator(data.by);
  if (notModerator) return notModerator;
  if (dispute.status !== 'claimed') return new ModerationViolation('NOT_CLAIMED', `dispute ${dispute.id} is ${dispute.status}, not claimed`, 'disputeId');
  if (dispute.claimedBy?.id !== data.by.id && data.by.role !== 'admin') {
    return new ModerationViolation('NOT_YOUR_CLAIM', `dispute ${dispute.id} is held by ${dispute.claimedBy?.name}`, 'disputeId');
  }
  return [{ type: 'DisputeReleased', data: { disputeId: dispute.id, moderator: refOf(data.by), at: data.at } }];
}

/** Any impartial moderator may add a private note, at any stage. */
export function addNote(state: DisputesState, data: AddNote['data']): readonly DisputeEvent[] | ModerationViolation {
  const dispute = reviewable(state, data.disputeId, data.by);
  if (dispute instanceof ModerationViolation) return dispute;
  const text = textOf(data.text, 'text', LIMITS.text, 'INVALID_COMMAND');
  if (text instanceof ModerationViolation) return text;
  return [{ type: 'DisputeNoteAdded', data: { disputeId: dispute.id, moderator: refOf(data.by), text, at: data.at } }];
}
