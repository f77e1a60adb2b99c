import { ModerationViolation } from './moderation-violation';
import { reasonOf, requireModerator } from './parse';
import { orderOf } from './parse-ruling';
import type { ImposeSanction, LiftSanction, SanctionCommand, SanctionEvent } from './sanction-events';
import { inForce, type SanctionsState } from './sanctions';
import { DAY_MS, LIMITS, refOf } from './vocabulary';

function impose(state: SanctionsState, data: ImposeSanction['data']): readonly SanctionEvent[] | ModerationViolation {
  const order = orderOf({ account: data.account.id, kind: data.kind, days: data.days }, 'sanction', [data.account.id]);
  if (order instanceof ModerationViolation) return new ModerationViolation('INVALID_SANCTION', order.message, order.field);
  const reason = reasonOf(data.reason, LIMITS.reason);
  if (reason instanceof ModerationViolation) return reason;
  const existing = state.sanctions.find((s) => s.sanctionId === data.sanctionId);
  // The same order sent again (a reactor resuming after a crash) appends nothing; another one under its id is refused.
  if (existing) {
    const same = existing.kind === order.kind && existing.days === order.days && existing.disputeId === data.disputeId;
    return same ? [] : new ModerationViolation('SANCTION_EXISTS', `sanction ${data.sanctionId} exists with other terms`, 'sanctionId');
  }
  const until = order.days === null ? null : data.at + order.days * DAY_MS;
  const event: SanctionEvent = {
    type: 'SanctionImposed',
    data: { sanctionId: data.sanctionId, account: refOf(data.account), kind: order.kind, days: order.days, until, reason, moderator: refOf(data.by), disputeId: data.disputeId, at: data.at },
  };
  return [event];
}

function lift(state: SanctionsState, data: LiftSanction['data']): readonly SanctionEvent[] | ModerationViolation {
  const sanction = state.sanctions.find((s) => s.sanctionId === data.sanctionId);
  if (!sanction) return new ModerationViolation('UNKNOWN_SANCTION', `no sanction ${data.sanctionId} on this account`, 'sanctionId');
  if (sanction.lifted) return new ModerationViolation('ALREADY_LIFTED', `sanction ${data.sanctionId} was lifted already`, 'sanctionId');
  if (!inForce(sanction, data.at)) return new ModerationViolation('SANCTION_ENDED', `sanction ${data.sanctionId} has already ended`, 'sanctionId');
  const reason = reasonOf(data.reason, LIMITS.reason);
  if (reason instanceof ModerationViolation) return reason;
  return [{ type: 'SanctionLifted', data: { sanctionId: data.sanctionId, moderator: refOf(data.by), reason, at: data.at } }];
}

/** Decides a sanction command for one account's stream; only moderators (and admins) send them. */
export function decideSanctions(state: SanctionsState, command: SanctionCommand): readonly SanctionEvent[] | ModerationViolation {
  if (!command?.data?.by || typeof command.data.at !== 'number') return new ModerationViolation('INVALID_COMMAND', 'a command has data with by and at');
  const notModerator = requireModerator(command.data.by);
  if (notModerator) return notModerator;
  switch (command.type) {
    case 'ImposeSanction':
      return impose(state, command.data);
    case 'LiftSanction':
      return lift(state, command.data);
    default:
      return new ModerationViolation('INVALID_COMMAND', `unknown command type ${JSON.stringify((command as { type: unknown }).type)}`);
  }
}
