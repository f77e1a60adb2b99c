import type { DisputeEvent, DisputeFiled } from './dispute-events';
import { type Dispute, type DisputesState, disputeOf, type Filing } from './dispute-state';

function opened({ data }: DisputeFiled, number: number): Dispute {
  return {
    id: data.disputeId,
    matchId: data.matchId,
    number,
    status: 'open',
    players: data.match.players,
    endedAt: data.match.endedAt,
    openedAt: data.at,
    filings: [],
    claimedBy: null,
    notes: [],
    ruling: null,
    rejections: [],
    appeal: null,
    revision: 0,
  };
}

function filingOf({ data }: DisputeFiled): Filing {
  return { filer: data.filer, capacity: data.capacity, category: data.category, text: data.text, steps: data.steps, at: data.at };
}

/** The dispute after one of its own events (the event's disputeId is this dispute's). */
function changed(dispute: Dispute, event: DisputeEvent): Dispute {
  const next = { ...dispute, revision: dispute.revision + 1 };
  switch (event.type) {
    case 'DisputeFiled':
      return { ...next, filings: [...dispute.filings, filingOf(event)] };
    case 'DisputeClaimed':
      return { ...next, status: 'claimed', claimedBy: event.data.moderator };
    case 'DisputeReleased':
      return { ...next, status: 'open', claimedBy: null };
    case 'DisputeNoteAdded':
      return { ...next, notes: [...dispute.notes, { moderator: event.data.moderator, text: event.data.text, at: event.data.at }] };
    case 'DisputeRuled': {
      const { ruling, moderator, pendingSecond, at } = event.data;
      return { ...next, status: pendingSecond ? 'awaiting-second' : 'ruled', ruling: { ruling, moderator, at, confirmedBy: null, effectiveAt: pendingSecond ? null : at } };
    }
    case 'RulingConfirmed':
      return dispute.ruling ? { ...next, status: 'ruled', ruling: { ...dispute.ruling, confirmedBy: event.data.moderator, effectiveAt: event.data.at } } : next;
    case 'RulingRejected':
      return { ...next, status: 'claimed', ruling: null, rejections: [...dispute.rejections, { moderator: event.data.moderator, reason: event.data.reason, at: event.data.at }] };
    case 'RulingAppealed':
      return { ...next, status: 'appealed', appeal: { player: event.data.player, text: event.data.text, at: event.data.at, decision: null } };
    case 'AppealDecided': {
      const { moderator, decision, reason, at } = event.data;
      return dispute.appeal ? { ...next, status: 'closed', appeal: { ...dispute.appeal, decision: { moderator, decision, reason, at } } } : next;
    }
  }
}

/** Whether the dispute's ruling, in force and not overturned, voids the match. */
function voids(dispute: Dispute): boolean {
  const record = dispute.ruling;
  if (!record || record.effectiveAt === null || record.ruling.action !== 'void') return false;
  return dispute.appeal?.decision?.decision !== 'overturned';
}

/** Which dispute's ruling voids the match once `after` changed. */
function voidedAfter(state: DisputesState, after: Dispute): string | null {
  if (voids(after)) return after.id;
  return state.voidedBy === after.id ? null : state.voidedBy;
}

/**
 * Folds one event into a match's disputes. Total: an event that names an unknown dispute (other than the
 * filing that opens it) leaves the state as it was.
 */
export function evolveDisputes(state: DisputesState, event: DisputeEvent): DisputesState {
  const before = disputeOf(state, event.data.disputeId);
  if (!before && event.type !== 'DisputeFiled') return state;
  const base = before ?? opened(event as DisputeFiled, state.disputes.length + 1);
  const after = changed(base, event);
  const disputes = before ? state.disputes.map((d) => (d === before ? after : d)) : [...state.disputes, after];
  const matchId = state.matchId ?? after.matchId;
  return { matchId, disputes, voidedBy: voidedAfter(state, after) };
}
