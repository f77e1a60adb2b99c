import {
  barredFromRanked,
  disqualifies,
  evolveSanctions,
  inForce,
  initialSanctionsState,
  SANCTION_EVENT_TYPES,
  type Sanction,
  type SanctionEvent,
  type SanctionsState,
} from '@liars-dice/game-moderation';

const TYPES = new Set<string>(SANCTION_EVENT_TYPES);

export interface DisqualifyingSanction extends Sanction {
  readonly account: string;
}

/** An account's sanctions as its stream (`sanctions-<accountId>`, moderation's) holds them now. */
export function sanctionsOf(history: readonly { type: string; data: unknown }[]): SanctionsState {
  const events = history.filter((event) => TYPES.has(event.type)) as unknown as SanctionEvent[];
  return events.reduce(evolveSanctions, initialSanctionsState);
}

/**
 * The sanction `sanctionId` when it still bars the account from ranked competition at `now` (a ranked ban or a
 * collusion mark, not lifted, not over); null otherwise, a warning included.
 */
export function disqualifyingSanction(state: SanctionsState, sanctionId: string, now: number): DisqualifyingSanction | null {
  const sanction = state.sanctions.find((one) => one.sanctionId === sanctionId);
  if (!sanction || !state.account || !disqualifies(sanction) || !inForce(sanction, now)) return null;
  return { ...sanction, account: state.account.id };
}

/**
 * The account whose sanction `sanctionId` was lifted and which nothing else bars from ranked competition now
 * (another ban or mark still in force keeps every disqualification as it is); null otherwise.
 */
export function clearedAccount(state: SanctionsState, sanctionId: string, now: number): string | null {
  const sanction = state.sanctions.find((one) => one.sanctionId === sanctionId);
  if (!sanction || !state.account || !disqualifies(sanction) || sanction.lifted === null || barredFromRanked(state, now)) return null;
  return state.account.id;
}
