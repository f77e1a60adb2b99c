import type { DisputeEvent, DisputeEventType } from './dispute-events';
import { affectedBy, type Dispute, type DisputeStatus } from './dispute-state';
import { type NumberedOrder, numberedOrders } from './effects';
import type { AccountRef, RulingAction } from './vocabulary';

/**
 * What the parties (affected players and filers) see of a dispute: where it stands, the ruling in force and
 * the appeal. Never the filers' names or texts, the notes, or a ruling still waiting for a second moderator;
 * of the ruling's sanctions, only the viewer's own (another account's sanctions are its own and the
 * moderators' business, as the `sanctions` query keeps them).
 */
export interface DisputeOutcome {
  readonly disputeId: string;
  readonly matchId: string;
  readonly status: DisputeStatus;
  readonly openedAt: number;
  /** Its sanctions carry their ids (what `liftSanction` takes, and what the `sanctions` query shows). */
  readonly ruling: { readonly action: RulingAction; readonly reason: string; readonly sanctions: readonly NumberedOrder[]; readonly at: number } | null;
  readonly appeal: {
    readonly player: AccountRef;
    readonly at: number;
    readonly decision: 'upheld' | 'overturned' | null;
    readonly reason: string | null;
    readonly decidedAt: number | null;
  } | null;
}

/** `viewer`: the party looking (their own sanctions only), or null for a moderator (every sanction). */
export function outcomeOf(dispute: Dispute, viewer: string | null = null): DisputeOutcome {
  return {
    disputeId: dispute.id,
    matchId: dispute.matchId,
    // A ruling waiting for its second moderator is still, for the parties, under review.
    status: dispute.status === 'awaiting-second' ? 'claimed' : dispute.status,
    openedAt: dispute.openedAt,
    ruling: rulingInForce(dispute, viewer),
    appeal: appealOf(dispute),
  };
}

function rulingInForce(dispute: Dispute, viewer: string | null): DisputeOutcome['ruling'] {
  const record = dispute.ruling;
  if (!record || record.effectiveAt === null) return null;
  const { action, reason, sanctions } = record.ruling;
  const numbered = numberedOrders(dispute.id, sanctions);
  return { action, reason, sanctions: viewer === null ? numbered : numbered.filter((s) => s.account === viewer), at: record.effectiveAt };
}

function appealOf({ appeal }: Dispute): DisputeOutcome['appeal'] {
  if (!appeal) return null;
  const decision = appeal.decision;
  return { player: appeal.player, at: appeal.at, decision: decision?.decision ?? null, reason: decision?.reason ?? null, decidedAt: decision?.at ?? null };
}

/** Whether `account` may see the dispute's outcome: it filed, or the ruling in force touches it. */
export function isParty(dispute: Dispute, account: string): boolean {
  if (dispute.filings.some((f) => f.filer.id === account)) return true;
  return dispute.ruling !== null && dispute.ruling.effectiveAt !== null && affectedBy(dispute).includes(account);
}

/**
 * How a dispute event shows in a party's live feed, or null when it is the moderators' business: a private
 * note (not even that one exists), a ruling still waiting for its second moderator and its rejection (the
 * parties see the dispute as under review until a ruling takes effect), another filer's filing. A ruling
 * confirmed by the second moderator shows as `DisputeRuled`: for the parties that is when it is ruled.
 */
export function partyEventOf(event: DisputeEvent, viewer: string): DisputeEventType | null {
  switch (event.type) {
    case 'DisputeNoteAdded':
    case 'RulingRejected':
      return null;
    case 'DisputeRuled':
      return event.data.pendingSecond ? null : 'DisputeRuled';
    case 'RulingConfirmed':
      return 'DisputeRuled';
    case 'DisputeFiled':
      return event.data.filer.id === viewer ? 'DisputeFiled' : null;
    default:
      return event.type;
  }
}
