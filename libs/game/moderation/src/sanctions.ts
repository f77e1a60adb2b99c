import type { SanctionEvent, SanctionImposed } from './sanction-events';
import type { AccountRef } from './vocabulary';

export interface Sanction extends Omit<SanctionImposed['data'], 'account'> {
  readonly lifted: { readonly moderator: AccountRef; readonly reason: string; readonly at: number } | null;
}

/** One account's sanctions, oldest first. */
export interface SanctionsState {
  readonly account: AccountRef | null;
  readonly sanctions: readonly Sanction[];
}

export const initialSanctionsState: SanctionsState = { account: null, sanctions: [] };

export function evolveSanctions(state: SanctionsState, event: SanctionEvent): SanctionsState {
  switch (event.type) {
    case 'SanctionImposed': {
      const { account, ...rest } = event.data;
      if (state.sanctions.some((s) => s.sanctionId === rest.sanctionId)) return state;
      return { account: state.account ?? account, sanctions: [...state.sanctions, { ...rest, lifted: null }] };
    }
    case 'SanctionLifted': {
      const { sanctionId, moderator, reason, at } = event.data;
      const sanctions = state.sanctions.map((s) => (s.sanctionId === sanctionId && !s.lifted ? { ...s, lifted: { moderator, reason, at } } : s));
      return { ...state, sanctions };
    }
  }
}

/** Whether a sanction still holds at `now`: not lifted, and for a ban not yet over. */
export function inForce(sanction: Sanction, now: number): boolean {
  return sanction.lifted === null && (sanction.until === null || now < sanction.until);
}

export function activeSanctions(state: SanctionsState, now: number): readonly Sanction[] {
  return state.sanctions.filter((s) => inForce(s, now));
}

/** When the account's ranked ban ends (the latest, if several), or null when it may play ranked. */
export function rankedBanUntil(state: SanctionsState, now: number): number | null {
  let until: number | null = null;
  for (const s of activeSanctions(state, now)) if (s.kind === 'ranked-ban' && s.until !== null && (until === null || s.until > until)) until = s.until;
  return until;
}

/**
 * The collusion mark in force on the account (the first imposed, if several), or null. A mark has no end date:
 * it holds until a moderator lifts it (or an appeal overturns the ruling that imposed it).
 */
export function collusionMark(state: SanctionsState, now: number): Sanction | null {
  return activeSanctions(state, now).find((s) => s.kind === 'collusion-mark') ?? null;
}

/** Whether any sanction in force bars the account from ranked competition (a ranked ban or a collusion mark). */
export function barredFromRanked(state: SanctionsState, now: number): boolean {
  return activeSanctions(state, now).some(disqualifies);
}

/**
 * Whether a sanction bars the account from ranked competition, tournaments included: the seam a tournament
 * consumes to disqualify a player (a ranked ban or a collusion mark; a warning does not).
 */
export function disqualifies(sanction: Pick<Sanction, 'kind'>): boolean {
  return sanction.kind === 'ranked-ban' || sanction.kind === 'collusion-mark';
}
