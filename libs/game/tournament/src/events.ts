import type { FairnessCommitment, PlayerId } from '@liars-dice/game-rules';
import type { TournamentConfig } from './config';
import type { PlayerKind, Stage } from './vocabulary';

interface Event<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

export type TournamentCreated = Event<
  'TournamentCreated',
  {
    config: TournamentConfig;
    fairness: FairnessCommitment;
    createdAt: number;
    /** Added by the server: the seed, encrypted with its seed key; never shown. */
    sealedSeed?: string;
  }
>;
export type PlayerRegistered = Event<
  'PlayerRegistered',
  {
    player: PlayerId;
    name: string;
    kind: PlayerKind;
    difficulty: string | null;
    lot: number;
    /** Registered after the start: joins from `firstRound`, checked in by registering. */
    late: boolean;
    firstRound: number;
    checkedIn: boolean;
    at: number;
  }
>;
/** Before the start the player leaves the field; during the event they keep their points and are not seated again. */
export type PlayerWithdrew = Event<'PlayerWithdrew', { player: PlayerId; round: number | null; table: number | null; at: number }>;
export type PlayerCheckedIn = Event<'PlayerCheckedIn', { player: PlayerId; at: number }>;
export type PlayerDisqualified = Event<
  'PlayerDisqualified',
  { player: PlayerId; by: string; reason: string; sanctionId: string | null; round: number | null; table: number | null; at: number }
>;
/**
 * A disqualification by a moderation sanction undone because the sanction was lifted (or overturned on appeal)
 * and nothing else bars the player: back in from `firstRound`, with the points of the tables counted before.
 */
export type PlayerReinstated = Event<'PlayerReinstated', { player: PlayerId; by: string; reason: string; sanctionId: string; firstRound: number; at: number }>;
/** `removed`: registered players who did not check in. */
export type TournamentStarted = Event<'TournamentStarted', { players: readonly PlayerId[]; removed: readonly PlayerId[]; at: number }>;

export interface SeatedTable {
  readonly table: number;
  /** In seat order. */
  readonly players: readonly PlayerId[];
}

export type SeatingDrafted = Event<'SeatingDrafted', { round: number; stage: Stage; tables: readonly SeatedTable[]; at: number }>;
/** A draft no longer fits the field (a player left or joined before it was published): a new one is drawn. */
export type SeatingDraftDiscarded = Event<'SeatingDraftDiscarded', { round: number; reason: string; at: number }>;
/** `by` is the organiser's id, or `automatic` when the tournament publishes its seatings itself. */
export type SeatingPublished = Event<'SeatingPublished', { round: number; by: string; at: number }>;
export type TableMatchAssigned = Event<'TableMatchAssigned', { round: number; table: number; matchId: string; at: number }>;

/** How a seat's result counts: played, absent for the whole table, or forfeited by leaving the tournament. */
export const RESULT_OUTCOMES = ['played', 'absent', 'withdrawn', 'disqualified'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

export interface TableResult {
  readonly player: PlayerId;
  /** 1 = won the table; players out at the same moment share a place. */
  readonly place: number;
  /** Placement points (points.ts); 0 for a forfeited seat. */
  readonly points: number;
  readonly outcome: ResultOutcome;
}

export type TableFinished = Event<
  'TableFinished',
  { round: number; table: number; matchId: string; results: readonly TableResult[]; at: number }
>;
export const VOID_RULES = ['points-removed', 'replay'] as const;
export type VoidRule = (typeof VOID_RULES)[number];
export type TableVoided = Event<
  'TableVoided',
  { round: number; table: number; matchId: string; rule: VoidRule; by: string; reason: string; at: number }
>;
export type TableRestored = Event<'TableRestored', { round: number; table: number; matchId: string; by: string; at: number }>;
/** `advancing` / `eliminated`: who goes through and who is out (knockout only; empty otherwise). */
export type RoundCompleted = Event<
  'RoundCompleted',
  { round: number; stage: Stage; advancing: readonly PlayerId[]; eliminated: readonly PlayerId[]; at: number }
>;
/** `seed` is added by the server: with the commitment anyone can check every lot and seating. */
export type TournamentFinished = Event<'TournamentFinished', { winner: PlayerId | null; at: number; seed?: string }>;
export type TournamentCancelled = Event<'TournamentCancelled', { by: string; reason: string; at: number; seed?: string }>;

export type TournamentEvent =
  | TournamentCreated
  | PlayerRegistered
  | PlayerWithdrew
  | PlayerCheckedIn
  | PlayerDisqualified
  | PlayerReinstated
  | TournamentStarted
  | SeatingDrafted
  | SeatingDraftDiscarded
  | SeatingPublished
  | TableMatchAssigned
  | TableFinished
  | TableVoided
  | TableRestored
  | RoundCompleted
  | TournamentFinished
  | TournamentCancelled;

export type TournamentEventType = TournamentEvent['type'];

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = [
  'TournamentCreated',
  'PlayerRegistered',
  'PlayerWithdrew',
  'PlayerCheckedIn',
  'PlayerDisqualified',
  'PlayerReinstated',
  'TournamentStarted',
  'SeatingDrafted',
  'SeatingDraftDiscarded',
  'SeatingPublished',
  'TableMatchAssigned',
  'TableFinished',
  'TableVoided',
  'TableRestored',
  'RoundCompleted',
  'TournamentFinished',
  'TournamentCancelled',
];
