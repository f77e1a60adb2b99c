import type { SanctionOrder } from './dispute-events';
import { affectedBy, type Dispute, type DisputeStatus } from './dispute-state';
import type { AccountRef, RulingAction } from './vocabulary';

/**
 * What the parties (affected players and filers) see of a dispute: where it stands, the ruling in force and
 * the appeal. Never the filers' names or texts, the notes, or a ruling still waiting for a second moderator.
 */
export interface DisputeOutcome {
  readonly disputeId: string;
  readonly matchId: string;
  readonly status: DisputeStatus;
  readonly openedAt: number;
  readonly ruling: { readonly action: RulingAction; readonly reason: string; readonly sanctions: readonly SanctionOrder[]; readonly at: number } | null;
  readonly appeal: {
    readonly player: AccountRef;
    readonly at: number;
    readonly decision: 'upheld' | 'overturned' | null;
    readonly reason: string | null;
    readonly decidedAt: number | null;
  } | null;
}

export function outcomeOf(dispute: Dispute): DisputeOutcome {
  const record = dispute.ruling;
  const inForce = record && record.effectiveAt !== null ? record : null;
  const appeal = dispute.appeal;
  return {
    disputeId: dispute.id,
    matchId: dispute.matchId,
    // A ruling waiting for its second moderator is still, for the parties, under review.
    status: dispute.status === 'awaiting-second' ? 'claimed' : dispute.status,
    openedAt: dispute.openedAt,
    ruling: inForce ? { action: inForce.ruling.action, reason: inForce.ruling.reason, sanctions: inForce.ruling.sanctions, at: inForce.effectiveAt as number } : null,
    appeal: appeal
      ? { player: appeal.player, at: appeal.at, decision: appeal.decision?.decision ?? null, reason: appeal.decision?.reason ?? null, decidedAt: appeal.decision?.at ?? null }
      : null,
  };
}

/** Whether `account` may see the dispute's outcome: it filed, or the ruling in force touches it. */
export function isParty(dispute: Dispute, account: string): boolean {
  if (dispute.filings.some((f) => f.filer.id === account)) return true;
  return dispute.ruling !== null && dispute.ruling.effectiveAt !== null && affectedBy(dispute).includes(account);
}
