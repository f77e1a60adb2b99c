/**
 * What one player did with another's bids in one match, seen from the player who answered (`actor`) to the
 * player whose bid stood (`bidder`). Every count is additive over matches.
 */
export interface PairCounts {
  /** Times the actor was to act on a bid of the bidder: the only moments the actor could call it. */
  readonly opportunities: number;
  /** Liar or spot-on calls on the bidder's bid. */
  readonly challenges: number;
  /** Raises over the bidder's bid. */
  readonly raises: number;
  /** Raises that added no more than the least a legal raise could (soft-raise.ts). */
  readonly softRaises: number;
  /** Dice (or, in the revolver, loads) the actor lost in a call between the two, whoever called. */
  readonly losses: number;
}

export const NO_COUNTS: PairCounts = { opportunities: 0, challenges: 0, raises: 0, softRaises: 0, losses: 0 };

export function addCounts(a: PairCounts, b: PairCounts): PairCounts {
  return {
    opportunities: a.opportunities + b.opportunities,
    challenges: a.challenges + b.challenges,
    raises: a.raises + b.raises,
    softRaises: a.softRaises + b.softRaises,
    losses: a.losses + b.losses,
  };
}
