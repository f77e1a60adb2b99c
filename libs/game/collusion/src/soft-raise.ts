import { type Action, type Bid, type Face, FACES, minimumRaise } from '@liars-dice/game-rules';

type BidAction = Extract<Action, { type: 'bid' }>;

/**
 * How far up the bid ladder a bid stands, in dice of an ordinary face: while 1s are wild a bid on 1s counts
 * double (a bid of n 1s answers a bid of about 2n of another face, rules.md §3), otherwise the quantity.
 */
export function bidWeight(bid: Pick<Bid, 'quantity' | 'face'>, wild: boolean): number {
  return wild && bid.face === 1 ? 2 * bid.quantity : bid.quantity;
}

/** The least weight any legal bid reaches: what a raise "by the minimum" lands on. */
export function softestWeight(legal: readonly Action[], wild: boolean): number {
  let least = Infinity;
  for (const action of legal) if (action.type === 'bid') least = Math.min(least, bidWeight(action, wild));
  return least;
}

/** Whether a raise adds no more than the least a legal raise could add (the raise a friend makes). */
export function isSoftRaise(bid: { quantity: number; face: Face }, legal: readonly Action[], wild: boolean): boolean {
  return bidWeight(bid, wild) <= softestWeight(legal, wild);
}

/** The legal bids that raise by the minimum, lowest face first. */
export function softestBids(legal: readonly Action[], wild: boolean): BidAction[] {
  const least = softestWeight(legal, wild);
  return legal.filter((action): action is BidAction => action.type === 'bid' && bidWeight(action, wild) === least);
}

/**
 * What the least legal raise depends on, read off a round without the engine's state: the bid to raise, 1s
 * wild or not, 1s barred (the revolver while they are wild), the face a palifico round locks for this bidder,
 * and the dice in play (no bid may name more).
 */
export interface RaiseContext {
  readonly previous: Pick<Bid, 'quantity' | 'face'>;
  readonly wild: boolean;
  readonly onesBarred: boolean;
  readonly lockedFace: Face | null;
  readonly total: number;
}

/** The least weight a legal raise reaches in this context (Infinity when no raise is left): what legalActions would give. */
export function softestRaiseWeight(context: RaiseContext): number {
  let least = Infinity;
  for (const face of FACES) {
    if (face === 1 && context.wild && context.onesBarred) continue;
    if (context.lockedFace !== null && face !== context.lockedFace) continue;
    const quantity = minimumRaise(context.previous, face, context.wild);
    if (quantity <= context.total) least = Math.min(least, bidWeight({ quantity, face }, context.wild));
  }
  return least;
}
