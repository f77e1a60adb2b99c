import type { DisputeFiled, Ruling } from './dispute-events';
import type { AccountRef } from './vocabulary';

/**
 * Where a dispute stands. `open` waits for a moderator; `claimed` is held by one; `awaiting-second` holds a
 * void or a ban until a second moderator confirms it; `ruled` has taken effect and may be appealed;
 * `appealed` waits for a moderator other than the one who ruled; `closed` is final.
 */
export const DISPUTE_STATUSES = ['open', 'claimed', 'awaiting-second', 'ruled', 'appealed', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export type Filing = Omit<DisputeFiled['data'], 'disputeId' | 'matchId' | 'match'>;

export interface Note {
  readonly moderator: AccountRef;
  readonly text: string;
  readonly at: number;
}

export interface RulingRecord {
  readonly ruling: Ruling;
  readonly moderator: AccountRef;
  readonly at: number;
  readonly confirmedBy: AccountRef | null;
  /** When it took effect (ruled without a second moderator, or confirmed); null while it waits. */
  readonly effectiveAt: number | null;
}

export interface Appeal {
  readonly player: AccountRef;
  readonly text: string;
  readonly at: number;
  readonly decision: { readonly moderator: AccountRef; readonly decision: 'upheld' | 'overturned'; readonly reason: string; readonly at: number } | null;
}

export interface Dispute {
  readonly id: string;
  readonly matchId: string;
  /** 1, 2, … within the match. */
  readonly number: number;
  readonly status: DisputeStatus;
  readonly players: readonly string[];
  readonly endedAt: number | null;
  readonly openedAt: number;
  readonly filings: readonly Filing[];
  readonly claimedBy: AccountRef | null;
  readonly notes: readonly Note[];
  readonly ruling: RulingRecord | null;
  /** Second-moderator rejections of earlier rulings, oldest first. */
  readonly rejections: readonly { readonly moderator: AccountRef; readonly reason: string; readonly at: number }[];
  readonly appeal: Appeal | null;
  /** Events applied to this dispute: what a claim's expected revision is compared with. */
  readonly revision: number;
}

/** Every dispute of one match, in filing order, and whether a ruling in force voids the match. */
export interface DisputesState {
  readonly matchId: string | null;
  readonly disputes: readonly Dispute[];
  readonly voidedBy: string | null;
}

export const initialDisputesState: DisputesState = { matchId: null, disputes: [], voidedBy: null };

export function disputeOf(state: DisputesState, disputeId: string): Dispute | undefined {
  return state.disputes.find((dispute) => dispute.id === disputeId);
}

/** The dispute still taking filings: filed and not yet ruled. */
export function openDispute(state: DisputesState): Dispute | undefined {
  return state.disputes.find((dispute) => dispute.status === 'open' || dispute.status === 'claimed');
}

/** The id the next new dispute of a match gets: `<matchId>.<n>`. */
export function nextDisputeId(state: DisputesState, matchId: string): string {
  return `${matchId}.${state.disputes.length + 1}`;
}

/** The accounts a ruling touches: everyone in a voided match, and whoever it sanctions. */
export function affectedBy(dispute: Dispute): readonly string[] {
  const ruling = dispute.ruling?.ruling;
  if (!ruling) return [];
  const touched = new Set(ruling.action === 'void' ? dispute.players : []);
  for (const order of ruling.sanctions) touched.add(order.account);
  return [...touched];
}

export function filersOf(dispute: Dispute): readonly AccountRef[] {
  return dispute.filings.map((filing) => filing.filer);
}
