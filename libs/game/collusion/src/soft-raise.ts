import type { Action, Bid, Face } from '@liars-dice/game-rules';

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
