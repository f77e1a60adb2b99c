import { iso } from '@liars-dice/server-platform';
import type { SanctionRow } from './sanctions.queries';
import type { SanctionView } from './sanctions.types';

export function sanctionView(row: SanctionRow, now: number): SanctionView {
  const lifted = row.lifted_at !== null;
  return {
    id: row.sanction_id,
    account: { id: row.account, name: row.name },
    kind: row.kind,
    days: row.days,
    until: iso(row.until),
    reason: row.reason,
    moderator: { id: row.moderator_id, name: row.moderator_name },
    disputeId: row.dispute_id,
    at: iso(row.at) as string,
    active: !lifted && (row.until === null || now < row.until),
    liftedAt: iso(row.lifted_at),
    liftedBy: lifted && row.lifted_by_id ? { id: row.lifted_by_id, name: row.lifted_by_name ?? '' } : null,
    liftReason: row.lift_reason,
    position: null,
  };
}
