import type { AccountRef, DisputeCategory, RulingAction, SanctionKind } from './vocabulary';

interface Event<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** One sanction a ruling orders; `days` only for a ranked ban. */
export interface SanctionOrder {
  readonly account: string;
  readonly kind: SanctionKind;
  readonly days: number | null;
}

export interface Ruling {
  readonly action: RulingAction;
  readonly reason: string;
  readonly sanctions: readonly SanctionOrder[];
}

/** The facts of the match a dispute is about, as the server read them when the first filing came in. */
export interface DisputedMatch {
  /** Accounts that held a seat in the started match. */
  readonly players: readonly string[];
  /** When it finished, or null while it was live. */
  readonly endedAt: number | null;
}

/**
 * A filing. The first one for a `disputeId` opens the dispute; later ones (other filers, while it is not yet
 * ruled) join it. `capacity` says whether the filer played the match or filed as a moderator on their own.
 */
export type DisputeFiled = Event<
  'DisputeFiled',
  {
    disputeId: string;
    matchId: string;
    filer: AccountRef;
    capacity: 'player' | 'moderator';
    category: DisputeCategory;
    text: string;
    steps: readonly number[];
    match: DisputedMatch;
    at: number;
  }
>;
export type DisputeClaimed = Event<'DisputeClaimed', { disputeId: string; moderator: AccountRef; at: number }>;
export type DisputeReleased = Event<'DisputeReleased', { disputeId: string; moderator: AccountRef; at: number }>;
/** A private note: moderators and admins read it, the parties never do. */
export type DisputeNoteAdded = Event<'DisputeNoteAdded', { disputeId: string; moderator: AccountRef; text: string; at: number }>;
/** A ruling; with `pendingSecond` it waits for a second moderator and has no effect yet. */
export type DisputeRuled = Event<'DisputeRuled', { disputeId: string; moderator: AccountRef; ruling: Ruling; pendingSecond: boolean; at: number }>;
export type RulingConfirmed = Event<'RulingConfirmed', { disputeId: string; moderator: AccountRef; at: number }>;
/** The second moderator turns the ruling down: the dispute goes back to the moderator who claimed it. */
export type RulingRejected = Event<'RulingRejected', { disputeId: string; moderator: AccountRef; reason: string; at: number }>;
export type RulingAppealed = Event<'RulingAppealed', { disputeId: string; player: AccountRef; text: string; at: number }>;
export type AppealDecided = Event<
  'AppealDecided',
  { disputeId: string; moderator: AccountRef; decision: 'upheld' | 'overturned'; reason: string; at: number }
>;

/** Every event of a `disputes-<matchId>` stream. */
export type DisputeEvent =
  | DisputeFiled
  | DisputeClaimed
  | DisputeReleased
  | DisputeNoteAdded
  | DisputeRuled
  | RulingConfirmed
  | RulingRejected
  | RulingAppealed
  | AppealDecided;

export type DisputeEventType = DisputeEvent['type'];

export const DISPUTE_EVENT_TYPES: readonly DisputeEventType[] = [
  'DisputeFiled',
  'DisputeClaimed',
  'DisputeReleased',
  'DisputeNoteAdded',
  'DisputeRuled',
  'RulingConfirmed',
  'RulingRejected',
  'RulingAppealed',
  'AppealDecided',
];
