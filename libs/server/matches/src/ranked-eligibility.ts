/**
 * Until when an account is banned from ranked play, or null. Moderation provides it (its sanctions); without
 * it every account may play ranked. The lobby decider refuses the ranked seat (RANKED_BAN) with this fact.
 */
export interface RankedEligibility {
  rankedBanUntil(accountId: string): Promise<number | null>;
}

export const RANKED_ELIGIBILITY = Symbol('RANKED_ELIGIBILITY');
