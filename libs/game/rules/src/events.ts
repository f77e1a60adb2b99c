import type { MatchOptions } from './options';
import type { Bid, Face, PlayerId, Ruleset } from './vocabulary';

/** A plain readonly event record; every bid, roll, call, penalty and shot of a match is one of these. */
interface Event<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

export interface FairnessCommitment {
  readonly version: 'v1';
  /** SHA-256 of the secret seed, lowercase hex (docs/protocols/fairness.md). */
  readonly commitment: string;
}

export type MatchCreated = Event<
  'MatchCreated',
  {
    matchId: string;
    ruleset: Ruleset;
    options: MatchOptions;
    players: readonly PlayerId[];
    starter: PlayerId;
    fairness: FairnessCommitment | null;
  }
>;
export type RoundStarted = Event<
  'RoundStarted',
  {
    round: number;
    starter: PlayerId;
    palifico: boolean;
    dice: Readonly<Record<PlayerId, readonly Face[]>>;
    turnDeadline: number | null;
  }
>;
export type BidPlaced = Event<
  'BidPlaced',
  { by: PlayerId; quantity: number; face: Face; next: PlayerId; turnDeadline: number | null }
>;
export type LiarCalled = Event<'LiarCalled', { by: PlayerId; bid: Bid; count: number; holds: boolean; loser: PlayerId }>;
export type SpotOnCalled = Event<'SpotOnCalled', { by: PlayerId; bid: Bid; count: number; exact: boolean }>;
export type TurnTimedOut = Event<'TurnTimedOut', { player: PlayerId; bid: Bid | null }>;
/** `dice` is how many the player holds afterwards. */
export type DieLost = Event<'DieLost', { player: PlayerId; dice: number }>;
export type DieRegained = Event<'DieRegained', { player: PlayerId; dice: number }>;
/** `bullets` is the total loaded afterwards (never more than 6). */
export type RevolverLoaded = Event<
  'RevolverLoaded',
  { player: PlayerId; bullets: number; reason: 'loss' | 'exact-call' | 'timeout' }
>;
/** `pull` numbers trigger pulls over the whole match (1, 2, …): the fairness label of the chamber. */
export type TriggerPulled = Event<
  'TriggerPulled',
  { player: PlayerId; pull: number; bullets: number; chamber: number; fatal: boolean }
>;
/** Players out at the same moment share `place` (1 = winner). */
export type PlayersEliminated = Event<'PlayersEliminated', { players: readonly PlayerId[]; place: number }>;
export type PlayerForfeited = Event<'PlayerForfeited', { player: PlayerId }>;
export type RoundEnded = Event<'RoundEnded', { round: number; nextStarter: PlayerId; palifico: boolean }>;
export type MatchFinished = Event<
  'MatchFinished',
  { winner: PlayerId; placements: readonly (readonly PlayerId[])[]; seed?: string }
>;

export type MatchEvent =
  | MatchCreated
  | RoundStarted
  | BidPlaced
  | LiarCalled
  | SpotOnCalled
  | TurnTimedOut
  | DieLost
  | DieRegained
  | RevolverLoaded
  | TriggerPulled
  | PlayersEliminated
  | PlayerForfeited
  | RoundEnded
  | MatchFinished;

export type MatchEventType = MatchEvent['type'];

export const MATCH_EVENT_TYPES: readonly MatchEventType[] = [
  'MatchCreated',
  'RoundStarted',
  'BidPlaced',
  'LiarCalled',
  'SpotOnCalled',
  'TurnTimedOut',
  'DieLost',
  'DieRegained',
  'RevolverLoaded',
  'TriggerPulled',
  'PlayersEliminated',
  'PlayerForfeited',
  'RoundEnded',
  'MatchFinished',
];
