/**
 * What moderation says of one account's ranked play, answered from one read of its sanctions: until when it is
 * banned (or null), and the sanction id of a collusion mark in force (or null). The field names are the facts
 * the lobby and tournament deciders weigh, so the answer is added to their commands as it is.
 */
export interface RankedStanding {
  readonly rankedBanUntil: number | null;
  readonly collusionMark: string | null;
}

/**
 * What bars an account from ranked play, read from moderation's sanctions; without moderation every account
 * may play ranked. The lobby decider refuses a ranked seat (opening or joining a ranked match) and ranked
 * tournaments refuse a registration or a check-in with either: RANKED_BAN, COLLUSION_MARK.
 */
export interface RankedEligibility {
  /** The ban and the mark together: one sanctions read per check, never one per fact. */
  rankedStanding(accountId: string): Promise<RankedStanding>;
}

export const RANKED_ELIGIBILITY = Symbol('RANKED_ELIGIBILITY');
