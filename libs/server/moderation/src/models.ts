import {
  decideDispute,
  decideSanctions,
  DISPUTE_EVENT_TYPES,
  type DisputeCommand,
  type DisputeEvent,
  type DisputesState,
  disputesStream,
  evolveDisputes,
  evolveSanctions,
  initialDisputesState,
  initialSanctionsState,
  SANCTION_EVENT_TYPES,
  type SanctionCommand,
  type SanctionEvent,
  type SanctionsState,
  sanctionsStream,
} from '@liars-dice/game-moderation';
import type { StreamModel } from './stream-runner';

const DISPUTE_TYPES: ReadonlySet<string> = new Set(DISPUTE_EVENT_TYPES);
const SANCTION_TYPES: ReadonlySet<string> = new Set(SANCTION_EVENT_TYPES);

/** A match's disputes, decided by libs/game/moderation. */
export function disputesModel(matchId: string): StreamModel<DisputesState, DisputeEvent, DisputeCommand> {
  return { stream: disputesStream(matchId), initial: initialDisputesState, evolve: evolveDisputes, decide: decideDispute, types: DISPUTE_TYPES };
}

/** One account's sanctions. */
export function sanctionsModel(accountId: string): StreamModel<SanctionsState, SanctionEvent, SanctionCommand> {
  return { stream: sanctionsStream(accountId), initial: initialSanctionsState, evolve: evolveSanctions, decide: decideSanctions, types: SANCTION_TYPES };
}

/** The match a dispute id names (`<matchId>.<n>`), or null when it is not one. */
export function matchOfDispute(disputeId: string): string | null {
  const dot = disputeId.lastIndexOf('.');
  return dot > 0 && /^\d+$/.test(disputeId.slice(dot + 1)) ? disputeId.slice(0, dot) : null;
}
