import type { RecordedEvent } from '@liars-dice/event-store-port';
import {
  accountOfSanctions,
  DISPUTE_EVENT_TYPES,
  type DisputeEvent,
  matchIdOfDisputes,
  SANCTION_EVENT_TYPES,
  type SanctionEvent,
} from '@liars-dice/game-moderation';

const DISPUTE_TYPES = new Set<string>(DISPUTE_EVENT_TYPES);
const SANCTION_TYPES = new Set<string>(SANCTION_EVENT_TYPES);

/** A stored event of a `disputes-<matchId>` stream as the moderation read models fold it; null for anything else. */
export function disputeEventOf(record: RecordedEvent): { readonly matchId: string; readonly event: DisputeEvent } | null {
  const matchId = matchIdOfDisputes(record.streamName);
  if (matchId === null || !DISPUTE_TYPES.has(record.type)) return null;
  return { matchId, event: { type: record.type, data: record.data } as DisputeEvent };
}

/** A stored event of a `sanctions-<accountId>` stream; null for anything else. */
export function sanctionEventOf(record: RecordedEvent): { readonly account: string; readonly event: SanctionEvent } | null {
  const account = accountOfSanctions(record.streamName);
  if (account === null || !SANCTION_TYPES.has(record.type)) return null;
  return { account, event: { type: record.type, data: record.data } as SanctionEvent };
}
