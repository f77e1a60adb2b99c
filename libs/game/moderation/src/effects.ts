import type { DisputeEvent, Ruling, SanctionOrder } from './dispute-events';
import { type Dispute, type DisputesState, disputeOf } from './dispute-state';
import { evolveDisputes } from './evolve-dispute';
import type { AccountRef, RulingAction, SanctionKind } from './vocabulary';

/**
 * What a dispute event asks of other streams. The server's reactor carries each out exactly once, keyed by
 * `key`: the match stream learns that it is disputed, resolved, void or restored (so every read model sees
 * it), and each sanctioned account's stream gets the sanction or its lifting.
 */
export type ModerationEffect =
  | { readonly type: 'flag-match'; readonly key: string; readonly matchId: string; readonly disputeId: string; readonly live: boolean }
  | { readonly type: 'void-match'; readonly key: string; readonly matchId: string; readonly disputeId: string; readonly reason: string }
  | { readonly type: 'resolve-match'; readonly key: string; readonly matchId: string; readonly disputeId: string; readonly outcome: RulingAction }
  | { readonly type: 'unvoid-match'; readonly key: string; readonly matchId: string; readonly disputeId: string; readonly reason: string }
  | {
      readonly type: 'impose-sanction';
      readonly key: string;
      readonly sanctionId: string;
      readonly account: string;
      readonly kind: SanctionKind;
      readonly days: number | null;
      readonly reason: string;
      readonly disputeId: string;
      readonly moderator: AccountRef;
      readonly at: number;
    }
  | { readonly type: 'lift-sanction'; readonly key: string; readonly sanctionId: string; readonly account: string; readonly reason: string; readonly moderator: AccountRef; readonly at: number };

/** The id a ruling's n-th sanction order gets on the sanctioned account's stream. */
export function sanctionIdOf(disputeId: string, index: number): string {
  return `${disputeId}/s${index + 1}`;
}

/** A ruling's sanction order with the id its sanction gets (or got) on the account's stream. */
export type NumberedOrder = SanctionOrder & { readonly sanctionId: string };

/** A ruling's orders, each with its sanction's id: what `liftSanction` takes once the ruling is in force. */
export function numberedOrders(disputeId: string, orders: readonly SanctionOrder[]): NumberedOrder[] {
  return orders.map((order, i) => ({ ...order, sanctionId: sanctionIdOf(disputeId, i) }));
}

function takingEffect(dispute: Dispute, ruling: Ruling, moderator: AccountRef, at: number): ModerationEffect[] {
  const { id: disputeId, matchId } = dispute;
  const effects: ModerationEffect[] = [];
  // The void goes before the resolution, in one append to the match stream: a held result never counts in between.
  if (ruling.action === 'void') effects.push({ type: 'void-match', key: `${disputeId}:void`, matchId, disputeId, reason: ruling.reason });
  effects.push({ type: 'resolve-match', key: `${disputeId}:resolve`, matchId, disputeId, outcome: ruling.action });
  ruling.sanctions.forEach((order, i) => {
    const sanctionId = sanctionIdOf(disputeId, i);
    effects.push({ type: 'impose-sanction', key: sanctionId, sanctionId, account: order.account, kind: order.kind, days: order.days, reason: ruling.reason, disputeId, moderator, at });
  });
  return effects;
}

function overturned(dispute: Dispute, ruling: Ruling, moderator: AccountRef, event: { reason: string; at: number }): ModerationEffect[] {
  const { id: disputeId, matchId } = dispute;
  const reason = `ruling overturned on appeal: ${event.reason}`;
  const effects: ModerationEffect[] = [];
  if (ruling.action === 'void') effects.push({ type: 'unvoid-match', key: `${disputeId}:unvoid`, matchId, disputeId, reason });
  ruling.sanctions.forEach((order, i) => {
    const sanctionId = sanctionIdOf(disputeId, i);
    effects.push({ type: 'lift-sanction', key: `${sanctionId}:lift`, sanctionId, account: order.account, reason, moderator, at: event.at });
  });
  return effects;
}

/** The effects of one event appended to a match's disputes, given the state before it. */
export function effectsOf(before: DisputesState, event: DisputeEvent): ModerationEffect[] {
  const known = disputeOf(before, event.data.disputeId);
  const after = disputeOf(evolveDisputes(before, event), event.data.disputeId);
  if (!after) return [];
  switch (event.type) {
    case 'DisputeFiled':
      return known ? [] : [{ type: 'flag-match', key: `${after.id}:flag`, matchId: after.matchId, disputeId: after.id, live: after.endedAt === null }];
    case 'DisputeRuled':
      return event.data.pendingSecond ? [] : takingEffect(after, event.data.ruling, event.data.moderator, event.data.at);
    case 'RulingConfirmed':
      return after.ruling ? takingEffect(after, after.ruling.ruling, after.ruling.moderator, event.data.at) : [];
    case 'AppealDecided':
      return event.data.decision === 'overturned' && after.ruling ? overturned(after, after.ruling.ruling, event.data.moderator, event.data) : [];
    default:
      return [];
  }
}
