import type { MatchOptions } from './options';
import type { Bid, Face, PlayerId, Ruleset } from './vocabulary';

export interface Seat {
  readonly id: PlayerId;
  /** Dice held; 0 once out. */
  readonly dice: number;
  readonly bullets: number;
  /** Challenges lost, timeouts included: the first loads the table's bullets, later ones one more. */
  readonly losses: number;
  readonly out: boolean;
  readonly palificoUsed: boolean;
}

export interface Shot {
  readonly player: PlayerId;
  readonly bullets: number;
  readonly chamber: number;
  readonly fatal: boolean;
}

/** How a round ended, in the shape of docs/protocols/scenario-format.md. */
export interface RoundEnd {
  readonly call: 'liar' | 'spot-on' | 'timeout' | 'forfeit';
  readonly by: PlayerId;
  readonly bid: Bid | null;
  readonly count: number | null;
  readonly holds: boolean | null;
  readonly losers: readonly PlayerId[];
  readonly diceLost: Readonly<Record<PlayerId, number>>;
  readonly diceGained: Readonly<Record<PlayerId, number>>;
  readonly shots: readonly Shot[];
  readonly eliminated: readonly PlayerId[];
}

export interface Round {
  readonly number: number;
  readonly starter: PlayerId;
  readonly palifico: boolean;
  readonly dice: Readonly<Record<PlayerId, readonly Face[]>>;
  readonly bids: readonly Bid[];
  readonly end: RoundEnd | null;
}

export interface NextRound {
  readonly number: number;
  readonly starter: PlayerId;
  readonly palifico: boolean;
}

export interface ShotDue {
  readonly player: PlayerId;
  readonly bullets: number;
}

interface MatchBase {
  readonly matchId: string;
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly seats: readonly Seat[];
  /** Finished rounds, oldest first, as revealed. */
  readonly history: readonly Round[];
  /** Groups of players in the order they went out (the first group out is last). */
  readonly eliminations: readonly (readonly PlayerId[])[];
  /** Trigger pulls so far over the whole match. */
  readonly pulls: number;
}

/**
 * Every started state carries every field (null or empty when its status does not use it), always created in
 * the same order: one object shape for the whole match keeps folding fast (monomorphic copies in V8).
 */
interface Unused {
  readonly next: null;
  readonly toAct: null;
  readonly turnDeadline: null;
  readonly shotsDue: readonly ShotDue[];
  readonly winner: null;
  readonly placements: null;
}

/** Waiting for the house to roll the next round's dice (`RollDice`). */
export interface AwaitingRoll extends MatchBase, Omit<Unused, 'next'> {
  readonly status: 'awaiting-roll';
  readonly round: Round | null;
  readonly next: NextRound;
}

export interface Bidding extends MatchBase, Omit<Unused, 'toAct' | 'turnDeadline'> {
  readonly status: 'bidding';
  readonly round: Round;
  readonly toAct: PlayerId;
  readonly turnDeadline: number | null;
}

/**
 * The round is decided and its consequences are being applied. At rest (between commands) this status only
 * remains while revolver trigger pulls are due, in this order (`PullTrigger`).
 */
export interface Resolving extends MatchBase, Unused {
  readonly status: 'resolving';
  readonly round: Round & { readonly end: RoundEnd };
}

export interface Finished extends MatchBase, Omit<Unused, 'winner' | 'placements'> {
  readonly status: 'finished';
  readonly round: Round | null;
  readonly winner: PlayerId;
  readonly placements: readonly (readonly PlayerId[])[];
}

export interface NoMatch {
  readonly status: 'none';
}

export type MatchState = NoMatch | AwaitingRoll | Bidding | Resolving | Finished;
export type StartedMatch = Exclude<MatchState, NoMatch>;

export const initialState: MatchState = { status: 'none' };

export function activeSeats(state: MatchBase): readonly Seat[] {
  return state.seats.filter((seat) => !seat.out);
}

export function seatOf(state: MatchBase, player: PlayerId): Seat | undefined {
  return state.seats.find((seat) => seat.id === player);
}

export function diceInPlay(state: MatchBase): number {
  let total = 0;
  for (const seat of state.seats) total += seat.dice;
  return total;
}

/** The next player still in after `player`, in seat order, wrapping around; `player` itself may be out. */
export function nextActive(seats: readonly Seat[], player: PlayerId): PlayerId {
  const from = seats.findIndex((seat) => seat.id === player);
  for (let step = 1; step <= seats.length; step++) {
    const seat = seats[(from + step) % seats.length];
    if (seat && !seat.out) return seat.id;
  }
  return player;
}

/** `player` if still in, otherwise the next player still in after them (rules.md §8). */
export function firstActiveFrom(seats: readonly Seat[], player: PlayerId): PlayerId {
  const seat = seats.find((s) => s.id === player);
  return seat && !seat.out ? player : nextActive(seats, player);
}

/** Wild 1s count for other faces: the match has them on and this is not a palifico round (rules.md §3). */
export function wildActive(options: MatchOptions, round: Pick<Round, 'palifico'>): boolean {
  return options.wildOnes && !round.palifico;
}

/** The recorded deadline of a turn that starts at `at`, when the table has a turn timer. */
export function turnDeadline(options: MatchOptions, at: number | undefined): number | null {
  return options.turnSeconds !== null && typeof at === 'number' && Number.isFinite(at) ? at + options.turnSeconds * 1000 : null;
}
