import { binomialExactly, chanceAtLeast } from '@liars-dice/game-rules';

export interface BidLike {
  readonly quantity: number;
  readonly face: number;
}

/** Whether 1s count for this face: wild 1s on, not a palifico round, and the bid is not on 1s (rules §3). */
export function onesCount(face: number, wild: boolean): boolean {
  return wild && face !== 1;
}

/** How many of `dice` back a bid on `face`. */
export function backing(dice: readonly number[], face: number, wild: boolean): number {
  const ones = onesCount(face, wild);
  return dice.filter((d) => d === face || (ones && d === 1)).length;
}

/**
 * The chance a bid holds for someone who sees only `own` of `total` dice: their own backing dice are certain,
 * the rest are unknown (each counts with 1/6, or 1/3 when 1s are wild) — libs/game/rules' own probabilities.
 */
export function chanceHolds(bid: BidLike, own: readonly number[], total: number, wild: boolean): number {
  return chanceAtLeast(
    bid.quantity - backing(own, bid.face, wild),
    total - own.length,
    onesCount(bid.face, wild),
  );
}

/** The chance the count is exactly the bid (a spot-on call is right). */
export function chanceExact(bid: BidLike, own: readonly number[], total: number, wild: boolean): number {
  const p = onesCount(bid.face, wild) ? 1 / 3 : 1 / 6;
  return binomialExactly(bid.quantity - backing(own, bid.face, wild), total - own.length, p);
}

/** Whether a die counts for a revealed bid (to highlight it at the reveal). */
export function counts(die: number, face: number, wild: boolean): boolean {
  return die === face || (onesCount(face, wild) && die === 1);
}
