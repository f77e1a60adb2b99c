import type { MatchOptions } from './options';
import type { NextRound, Round, RoundEnd, Seat, Shot, ShotDue, StartedMatch } from './state';
import type { Bid, Face, PlayerId, Ruleset } from './vocabulary';

/**
 * Mutable working copies for `evolve`. Each copy lists every field in one fixed order, so every state, round
 * and seat of every match shares one hidden class in V8: spreads over objects of many shapes fall off V8's fast
 * path (ADR 0003). A draft is fresh and private to one `evolve` call, so evolve stays pure.
 */
export interface StateDraft {
  status: StartedMatch['status'];
  matchId: string;
  ruleset: Ruleset;
  options: MatchOptions;
  seats: readonly Seat[];
  history: readonly Round[];
  eliminations: readonly (readonly PlayerId[])[];
  pulls: number;
  round: Round | null;
  next: NextRound | null;
  toAct: PlayerId | null;
  turnDeadline: number | null;
  shotsDue: readonly ShotDue[];
  winner: PlayerId | null;
  placements: readonly (readonly PlayerId[])[] | null;
}

export function draftOf(s: StateDraft | StartedMatch): StateDraft {
  return {
    status: s.status,
    matchId: s.matchId,
    ruleset: s.ruleset,
    options: s.options,
    seats: s.seats,
    history: s.history,
    eliminations: s.eliminations,
    pulls: s.pulls,
    round: s.round,
    next: s.next,
    toAct: s.toAct,
    turnDeadline: s.turnDeadline,
    shotsDue: s.shotsDue,
    winner: s.winner,
    placements: s.placements,
  };
}

/** The draft as a state. Callers set the fields each status requires (see state.ts). */
export function stateOf(draft: StateDraft): StartedMatch {
  return draft as StartedMatch;
}

export interface RoundDraft {
  number: number;
  starter: PlayerId;
  palifico: boolean;
  dice: Readonly<Record<PlayerId, readonly Face[]>>;
  bids: readonly Bid[];
  end: RoundEnd | null;
}

export function roundDraft(r: Round): RoundDraft {
  return { number: r.number, starter: r.starter, palifico: r.palifico, dice: r.dice, bids: r.bids, end: r.end };
}

export interface EndDraft {
  call: RoundEnd['call'];
  by: PlayerId;
  bid: Bid | null;
  count: number | null;
  holds: boolean | null;
  losers: readonly PlayerId[];
  diceLost: Readonly<Record<PlayerId, number>>;
  diceGained: Readonly<Record<PlayerId, number>>;
  shots: readonly Shot[];
  eliminated: readonly PlayerId[];
}

export function endDraft(e: RoundEnd): EndDraft {
  return {
    call: e.call,
    by: e.by,
    bid: e.bid,
    count: e.count,
    holds: e.holds,
    losers: e.losers,
    diceLost: e.diceLost,
    diceGained: e.diceGained,
    shots: e.shots,
    eliminated: e.eliminated,
  };
}

export interface SeatDraft {
  id: PlayerId;
  dice: number;
  bullets: number;
  losses: number;
  out: boolean;
  palificoUsed: boolean;
}

export function seatDraft(s: Seat): SeatDraft {
  return { id: s.id, dice: s.dice, bullets: s.bullets, losses: s.losses, out: s.out, palificoUsed: s.palificoUsed };
}

/** A copy of `seats` where `player`'s seat is changed by `change` (applied to a fresh draft). */
export function withSeat(seats: readonly Seat[], player: PlayerId, change: (seat: SeatDraft) => void): readonly Seat[] {
  const copy = seats.slice();
  const index = copy.findIndex((seat) => seat.id === player);
  const seat = copy[index];
  if (seat) {
    const draft = seatDraft(seat);
    change(draft);
    copy[index] = draft;
  }
  return copy;
}

/** A copy of `items` with `item` at the end, allocated once at its final length. */
export function appended<T>(items: readonly T[], item: T): readonly T[] {
  const length = items.length;
  const copy = new Array<T>(length + 1);
  for (let i = 0; i < length; i++) copy[i] = items[i] as T;
  copy[length] = item;
  return copy;
}

/** A copy of a per-player tally with one more for `player` (no computed-key spread: it makes slow objects). */
export function plusOne(tally: Readonly<Record<PlayerId, number>>, player: PlayerId): Readonly<Record<PlayerId, number>> {
  const copy: Record<PlayerId, number> = {};
  for (const key in tally) copy[key] = tally[key] as number;
  copy[player] = (tally[player] ?? 0) + 1;
  return copy;
}
