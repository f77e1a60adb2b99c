/**
 * What bars an account from ranked play, read from moderation's sanctions; without moderation every account
 * may play ranked. The lobby decider refuses a ranked seat (opening or joining a ranked match) and ranked
 * tournaments refuse a registration or a check-in with either: RANKED_BAN, COLLUSION_MARK.
 */
export interface RankedEligibility {
  /** Until when the account is banned from ranked play, or null. */
  rankedBanUntil(accountId: string): Promise<number | null>;
  /** The sanction id of a collusion mark in force on the account, or null. */
  collusionMark(accountId: string): Promise<string | null>;
}

export const RANKED_ELIGIBILITY = Symbol('RANKED_ELIGIBILITY');
