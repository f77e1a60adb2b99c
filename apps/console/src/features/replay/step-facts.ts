import type { Bid } from '@liars-dice/game-rules';
import { backing, chanceHolds } from '@/features/game/odds';
import { expiredAfter } from '@/features/play/lobby-expiry';
import { roundOf, seatsOf, type Step } from './replay-types';

export type RaiseKind = 'opening' | 'quantity' | 'face' | 'toOnes' | 'fromOnes' | 'both';

/** How a bid moved from the one before it in its round: more dice, a higher face, or across the 1s. */
export function raiseKind(
  previous: Pick<Bid, 'quantity' | 'face'> | null,
  bid: Pick<Bid, 'quantity' | 'face'>,
): RaiseKind {
  if (!previous) return 'opening';
  if (bid.face === 1 && previous.face !== 1) return 'toOnes';
  if (previous.face === 1 && bid.face !== 1) return 'fromOnes';
  if (bid.face === previous.face) return 'quantity';
  return bid.quantity === previous.quantity ? 'face' : 'both';
}

/** One point of the bluff chart: a bid, its chance for its bidder, and what the reveal or the view tells. */
export interface BidPoint {
  readonly step: number;
  readonly by: string;
  readonly bid: Pick<Bid, 'quantity' | 'face'>;
  /** The chance it holds given the bidder's own dice (or given nothing, when this view hides them). */
  readonly chance: number;
  readonly knowsHand: boolean;
  /** Whether it held: known when every hand is visible. */
  readonly held: boolean | null;
  /** The bidder's own dice gave it less than an even chance. */
  readonly bluff: boolean;
}

function totalDice(step: Step): number {
  return seatsOf(step.state).reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
}

/** The bidder's hand, if this view shows it at this step: every hand (full) or the seat's own. */
function handOf(step: Step, by: string): readonly number[] | null {
  const round = roundOf(step.state);
  if (round?.dice) return round.dice[by] ?? null;
  if ('me' in step.state && step.state.me === by && step.state.myDice.length > 0) return step.state.myDice;
  return null;
}

export function bidPoint(step: Step): BidPoint | null {
  if (step.type !== 'BidPlaced') return null;
  const round = roundOf(step.state);
  const bid = round?.bids.at(-1);
  if (!round || !bid) return null;
  const wild = step.state.options.wildOnes && !round.palifico;
  const hand = handOf(step, bid.by);
  const chance = chanceHolds(bid, hand ?? [], totalDice(step), wild);
  const all = round.dice ? Object.values(round.dice).flat() : null;
  const held = all ? backing(all, bid.face, wild) >= bid.quantity : null;
  return {
    step: step.step,
    by: bid.by,
    bid,
    chance,
    knowsHand: hand !== null,
    held,
    bluff: hand !== null && chance < 0.5,
  };
}

/** A liar call on a bid that held, or a spot-on that was not exact: public once called. */
export function wrongCall(step: Step): boolean {
  if (step.type === 'LiarCalled') return step.event['holds'] === true;
  if (step.type === 'SpotOnCalled') return step.event['exact'] === false;
  return false;
}

export interface Marker {
  readonly step: number;
  readonly kind: 'round' | 'elimination' | 'wrongCall';
  readonly round?: number;
}

/** Scrubber marks: each round's roll, each elimination, each wrong call. */
export function markerOf(step: Step): Marker | null {
  if (step.type === 'RoundStarted')
    return { step: step.step, kind: 'round', round: Number(step.event['round']) };
  if (step.type === 'PlayersEliminated') return { step: step.step, kind: 'elimination' };
  return wrongCall(step) ? { step: step.step, kind: 'wrongCall' } : null;
}

/** The first item after (or, backwards, before) step `from` that passes `test`; null when there is none. */
export function nextWhere<T>(
  items: readonly T[],
  from: number,
  {
    stepOf,
    test,
    backwards = false,
  }: { stepOf: (item: T) => number; test: (item: T) => boolean; backwards?: boolean },
): number | null {
  const ordered = backwards ? [...items].reverse() : items;
  const found = ordered.find((item) => (backwards ? stepOf(item) < from : stepOf(item) > from) && test(item));
  return found === undefined ? null : stepOf(found);
}

/** A `PlayerAbsent` step (ADR 0072): who the match waited on, at which seat, and for how long (in one unit). */
export interface Absence {
  readonly player: string;
  readonly seat: string;
  readonly after: ReturnType<typeof expiredAfter>;
}

/** The absence this step records, or null for any other step (or an event without the fields it names). */
export function absenceOf(step: Step): Absence | null {
  if (step.type !== 'PlayerAbsent') return null;
  const { seat, account, idleSeconds } = step.event;
  const player = (account as { name?: unknown } | null)?.name;
  if (typeof seat !== 'string' || typeof player !== 'string' || typeof idleSeconds !== 'number') return null;
  return { player, seat, after: expiredAfter(idleSeconds) };
}
