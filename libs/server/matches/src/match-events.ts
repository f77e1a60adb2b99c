import type { FairnessCommitment, MatchEvent, MatchOptions, Ruleset } from '@liars-dice/game-rules';

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const MATCH_KINDS = ['regular', 'practice', 'tutorial'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface AccountRef {
  readonly id: string;
  readonly name: string;
}

export interface SeatPlan {
  /** The seat's player id in the engine's events (`s1`…`s6`, in seat order). */
  readonly seat: string;
  readonly kind: 'human' | 'cpu';
  /** CPU seats only. */
  readonly difficulty: Difficulty | null;
}

/**
 * Server events around the engine's: the lobby before `MatchCreated`, and seat hand-overs. They carry no
 * dice; `sealedSeed` is the match's secret seed encrypted with the server's seed key (never sent to clients).
 */
export type MatchOpened = {
  readonly type: 'MatchOpened';
  readonly data: {
    readonly matchId: string;
    readonly ruleset: Ruleset;
    /** The full options in force (the family preset with the table's changes). */
    readonly options: MatchOptions;
    /** Only what the table changed: the engine's CreateMatch takes these at the start. */
    readonly chosenOptions: Readonly<Record<string, unknown>>;
    readonly ranked: boolean;
    readonly kind: MatchKind;
    readonly host: AccountRef;
    readonly seats: readonly SeatPlan[];
    readonly fairness: FairnessCommitment;
    readonly sealedSeed: string;
    readonly openedAt: number;
  };
};
export type SeatTaken = { readonly type: 'SeatTaken'; readonly data: { readonly seat: string; readonly account: AccountRef } };
export type SeatLeft = { readonly type: 'SeatLeft'; readonly data: { readonly seat: string; readonly account: AccountRef } };
/** A player left a started unranked match: a CPU plays the seat from now on (docs/adr/0003). */
export type SeatHandedToCpu = {
  readonly type: 'SeatHandedToCpu';
  readonly data: { readonly seat: string; readonly difficulty: Difficulty; readonly previous: AccountRef };
};

export type ServerMatchEvent = MatchOpened | SeatTaken | SeatLeft | SeatHandedToCpu;
export type StoredMatchEvent = MatchEvent | ServerMatchEvent;

export const SERVER_MATCH_EVENT_TYPES: readonly ServerMatchEvent['type'][] = ['MatchOpened', 'SeatTaken', 'SeatLeft', 'SeatHandedToCpu'];

export function matchStream(matchId: string): string {
  return `match-${matchId}`;
}

export const MATCH_STREAM_PREFIX = 'match-';
