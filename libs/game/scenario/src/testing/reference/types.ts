/**
 * Types of the independent reference model (test-only). Written from docs/protocols/scenario-format.md and
 * rules.md alone, on purpose without importing anything from the engine, so the two can disagree.
 */
export type Ruleset = 'classic' | 'perudo' | 'revolver';

export interface RefOptions {
  readonly startingDice: number;
  readonly wildOnes: boolean;
  readonly spotOn: boolean;
  readonly palifico: boolean;
  readonly bullets: number;
  readonly turnSeconds: number | null;
}

export type RefAction =
  | { readonly by: string; readonly kind: 'bid'; readonly quantity: number; readonly face: number }
  | { readonly by: string; readonly kind: 'liar' | 'spot-on' | 'timeout' };

export interface RefScenario {
  readonly ruleset: Ruleset;
  readonly options: RefOptions;
  readonly players: readonly string[];
  readonly starter: string;
  /** Listed rolls, one map per round; lengths are checked only when the round is reached. */
  readonly dice: readonly Readonly<Record<string, readonly number[]>>[];
  readonly chambers: readonly number[];
  /** The file's `seed`: unlisted rolls and pulls are derived from it instead of the house's random seed. */
  readonly seed: number | null;
  readonly actions: readonly RefAction[];
}

export interface RefBid {
  readonly by: string;
  readonly quantity: number;
  readonly face: number;
}

export interface RefShot {
  readonly player: string;
  readonly bullets: number;
  readonly chamber: number;
  readonly fatal: boolean;
}

export interface RefEnd {
  call: 'liar' | 'spot-on' | 'timeout';
  by: string;
  bid: RefBid | null;
  count: number | null;
  holds: boolean | null;
  losers: string[];
  diceLost: Record<string, number>;
  diceGained: Record<string, number>;
  shots: RefShot[];
  eliminated: string[];
}

export interface RefRound {
  number: number;
  starter: string;
  palifico: boolean;
  dice: Record<string, number[]>;
  bids: RefBid[];
  end: RefEnd | null;
}

export type RefOutcome = { ok: true } | { ok: false; error: ErrorCode };

export type ErrorCode =
  | 'UNKNOWN_PLAYER'
  | 'MATCH_OVER'
  | 'NOT_YOUR_TURN'
  | 'INVALID_BID'
  | 'ONES_NOT_ALLOWED'
  | 'FACE_LOCKED'
  | 'BID_TOO_LOW'
  | 'NO_BID'
  | 'SPOT_ON_DISABLED';

export interface RefPlayerOut {
  dice: number;
  bullets: number;
  out: boolean;
}

/** The scenario-format output minus `events` (and minus `message` in rejections). */
export interface RefReport {
  actions: RefOutcome[];
  rounds: RefRound[];
  players: Record<string, RefPlayerOut>;
  toAct: string | null;
  winner: string | null;
  placements: string[][] | null;
}

export type RefRuling = { readonly report: RefReport } | { readonly invalid: string };

/** Thrown while playing when a reached round's listed dice do not fit the table (the file is invalid). */
export class RefInvalid extends Error {}
