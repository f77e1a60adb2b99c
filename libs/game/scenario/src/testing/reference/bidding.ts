import { type ErrorCode, type RefBid, type Ruleset } from './types';

/** rules.md §3 as plain arithmetic. */
export interface BidContext {
  readonly ruleset: Ruleset;
  /** wild 1s on and not a palifico round */
  readonly wild: boolean;
  readonly palifico: boolean;
  readonly lockedFace: number | null;
  readonly diceInPlay: number;
  readonly bidderDice: number;
  readonly last: RefBid | null;
}

export function isRaise(last: RefBid, quantity: number, face: number, wild: boolean): boolean {
  const plain = quantity > last.quantity || (quantity === last.quantity && face > last.face);
  if (!wild) return plain;
  if (last.face !== 1 && face !== 1) return plain;
  if (last.face !== 1) return quantity >= Math.ceil(last.quantity / 2);
  if (face === 1) return quantity > last.quantity;
  return quantity >= 2 * last.quantity + 1;
}

const inRange = (n: number, lo: number, hi: number): boolean => Number.isInteger(n) && n >= lo && n <= hi;

/** rules.md §3: no opening on 1s while wild is active, and never 1s in revolver while they are wild. */
const onesForbidden = (ctx: BidContext): boolean => ctx.wild && (ctx.ruleset === 'revolver' || ctx.last === null);

const changesLockedFace = (ctx: BidContext, face: number): boolean =>
  ctx.palifico && ctx.lockedFace !== null && face !== ctx.lockedFace;

/** The first error code of scenario-format.md's table that applies to a bid by the player to act, or null. */
export function bidError(ctx: BidContext, quantity: number, face: number): ErrorCode | null {
  if (!inRange(quantity, 1, ctx.diceInPlay) || !inRange(face, 1, 6)) return 'INVALID_BID';
  if (face === 1 && onesForbidden(ctx)) return 'ONES_NOT_ALLOWED';
  if (changesLockedFace(ctx, face) && ctx.bidderDice !== 1) return 'FACE_LOCKED';
  if (ctx.last !== null && !isRaise(ctx.last, quantity, face, ctx.wild)) return 'BID_TOO_LOW';
  return null;
}

/** Dice counted for a bid at the reveal: its face, plus 1s when wild is active and the face is not 1. */
export function countFor(dice: Readonly<Record<string, readonly number[]>>, face: number, wild: boolean): number {
  let count = 0;
  for (const roll of Object.values(dice)) {
    for (const d of roll) if (d === face || (wild && face !== 1 && d === 1)) count++;
  }
  return count;
}
