import {
  disqualifies,
  evolveSanctions,
  inForce,
  initialSanctionsState,
  SANCTION_EVENT_TYPES,
  type Sanction,
  type SanctionEvent,
} from '@liars-dice/game-moderation';

const TYPES = new Set<string>(SANCTION_EVENT_TYPES);

export interface DisqualifyingSanction extends Sanction {
  readonly account: string;
}

/**
 * The sanction `sanctionId` as its account's stream (`sanctions-<accountId>`, moderation's) holds it now, when it
 * still bars the account from ranked competition at `now` (a ranked ban or a collusion mark, not lifted, not
 * over); null otherwise, a warning included.
 */
export function disqualifyingSanction(history: readonly { type: string; data: unknown }[], sanctionId: string, now: number): DisqualifyingSanction | null {
  const events = history.filter((event) => TYPES.has(event.type)) as unknown as SanctionEvent[];
  const state = events.reduce(evolveSanctions, initialSanctionsState);
  const sanction = state.sanctions.find((one) => one.sanctionId === sanctionId);
  if (!sanction || !state.account || !disqualifies(sanction) || !inForce(sanction, now)) return null;
  return { ...sanction, account: state.account.id };
}
