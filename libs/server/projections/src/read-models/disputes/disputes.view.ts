import { type Dispute, numberedOrders, outcomeOf, type QueueScore } from '@liars-dice/game-moderation';
import type { PairSignalsView } from '../collusion/collusion.types';
import { iso } from '@liars-dice/server-platform';
import type { DisputeOutcomeView, DisputeSummaryView, DisputeView, RulingView } from './disputes.types';

const at = (ms: number) => iso(ms) as string;

export function disputeSummaryView(dispute: Dispute, score: QueueScore): DisputeSummaryView {
  return {
    id: dispute.id,
    matchId: dispute.matchId,
    status: dispute.status,
    openedAt: at(dispute.openedAt),
    live: dispute.endedAt === null,
    filers: dispute.filings.length,
    categories: [...new Set(dispute.filings.map((f) => f.category))],
    claimedBy: dispute.claimedBy,
    revision: dispute.revision,
    score: score.score,
    scoreParts: score.parts,
  };
}

function rulingView({ id, ruling: record }: Dispute): RulingView | null {
  if (!record) return null;
  const { ruling, moderator, confirmedBy, effectiveAt } = record;
  return { action: ruling.action, reason: ruling.reason, sanctions: numberedOrders(id, ruling.sanctions), moderator, at: at(record.at), confirmedBy, effectiveAt: iso(effectiveAt) };
}

/** The moderators' view of a dispute: everything, notes included, with its players' pair signals. */
export function disputeView(dispute: Dispute, score: QueueScore, signals: PairSignalsView[]): DisputeView {
  const appeal = dispute.appeal;
  return {
    ...disputeSummaryView(dispute, score),
    number: dispute.number,
    players: [...dispute.players],
    endedAt: iso(dispute.endedAt),
    filings: dispute.filings.map((f) => ({ ...f, steps: [...f.steps], at: at(f.at) })),
    notes: dispute.notes.map((n) => ({ ...n, at: at(n.at) })),
    ruling: rulingView(dispute),
    rejections: dispute.rejections.map((r) => ({ ...r, at: at(r.at) })),
    appeal: appeal
      ? { player: appeal.player, text: appeal.text, at: at(appeal.at), decision: appeal.decision?.decision ?? null, decidedBy: appeal.decision?.moderator ?? null, reason: appeal.decision?.reason ?? null, decidedAt: iso(appeal.decision?.at ?? null) }
      : null,
    signals,
    position: null,
  };
}

/**
 * The parties' view (libs/game/moderation's outcomeOf): the ruling in force and the appeal, nothing private;
 * `viewer` is the party looking (only their own sanctions), null for a moderator.
 */
export function outcomeView(dispute: Dispute, viewer: string | null): DisputeOutcomeView {
  const outcome = outcomeOf(dispute, viewer);
  const { ruling, appeal } = outcome;
  return {
    disputeId: outcome.disputeId,
    matchId: outcome.matchId,
    status: outcome.status,
    openedAt: at(outcome.openedAt),
    ruling: ruling ? { action: ruling.action, reason: ruling.reason, sanctions: [...ruling.sanctions], at: at(ruling.at) } : null,
    appeal: appeal ? { player: appeal.player, at: at(appeal.at), decision: appeal.decision, reason: appeal.reason, decidedAt: iso(appeal.decidedAt) } : null,
    position: null,
  };
}
