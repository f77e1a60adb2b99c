import { affectedBy, type DisputeEvent, type DisputesState, disputeOf, type SanctionEvent } from '@liars-dice/game-moderation';

/** One line of the moderation log: who did what, to whom, when and why. */
export interface LogEntry {
  readonly at: number;
  readonly moderator: { readonly id: string; readonly name: string };
  readonly action: string;
  readonly disputeId: string | null;
  readonly matchId: string | null;
  readonly sanctionId: string | null;
  /** The accounts the action is about: they see the entry too. Empty for a moderator's own steps. */
  readonly subjects: readonly string[];
  readonly reason: string | null;
  readonly details: Readonly<Record<string, unknown>>;
}

const base = (at: number, moderator: LogEntry['moderator'], action: string) => ({ at, moderator, action, disputeId: null, matchId: null, sanctionId: null, subjects: [], reason: null, details: {} });

/**
 * The entry a dispute event makes, given the match's disputes before and after it (null for a player's own
 * filing or appeal: the log holds moderators' actions). A ruling still waiting for its second moderator and
 * the steps of reviewing are for moderators only; a ruling in force and its appeal's decision concern the
 * players it touches.
 */
export function disputeEntry(before: DisputesState, after: DisputesState, event: DisputeEvent): LogEntry | null {
  const dispute = disputeOf(after, event.data.disputeId);
  if (!dispute) return null;
  const about = { disputeId: dispute.id, matchId: dispute.matchId };
  const touched = () => [...affectedBy(dispute)];
  switch (event.type) {
    case 'DisputeFiled':
      return event.data.capacity === 'moderator' && !disputeOf(before, dispute.id) ? { ...base(event.data.at, event.data.filer, 'filed'), ...about, details: { category: event.data.category } } : null;
    case 'DisputeClaimed':
    case 'DisputeReleased':
      return { ...base(event.data.at, event.data.moderator, event.type === 'DisputeClaimed' ? 'claimed' : 'released'), ...about };
    case 'DisputeNoteAdded':
      return { ...base(event.data.at, event.data.moderator, 'noted'), ...about };
    case 'DisputeRuled': {
      const { ruling, pendingSecond } = event.data;
      const details = { action: ruling.action, sanctions: ruling.sanctions, pendingSecond };
      return { ...base(event.data.at, event.data.moderator, 'ruled'), ...about, subjects: pendingSecond ? [] : touched(), reason: ruling.reason, details };
    }
    case 'RulingConfirmed':
      return { ...base(event.data.at, event.data.moderator, 'confirmed'), ...about, subjects: touched(), reason: dispute.ruling?.ruling.reason ?? null, details: { action: dispute.ruling?.ruling.action } };
    case 'RulingRejected':
      return { ...base(event.data.at, event.data.moderator, 'rejected'), ...about, reason: event.data.reason };
    case 'AppealDecided':
      return { ...base(event.data.at, event.data.moderator, 'decided appeal'), ...about, subjects: touched(), reason: event.data.reason, details: { decision: event.data.decision } };
    default:
      return null;
  }
}

/** The entry a sanction event makes: always about the sanctioned account. */
export function sanctionEntry(account: string, event: SanctionEvent): LogEntry {
  const d = event.data;
  if (event.type === 'SanctionImposed') {
    const { kind, days, until, disputeId } = event.data;
    return { ...base(d.at, d.moderator, 'sanctioned'), sanctionId: d.sanctionId, disputeId, subjects: [account], reason: d.reason, details: { kind, days, until } };
  }
  return { ...base(d.at, d.moderator, 'lifted sanction'), sanctionId: d.sanctionId, subjects: [account], reason: d.reason };
}
