import type { Ruling, SanctionOrder } from './dispute-events';
import type { Dispute } from './dispute-state';
import { ModerationViolation } from './moderation-violation';
import { reasonOf } from './parse';
import { isOneOf, LIMITS, RULING_ACTIONS, type RulingAction, SANCTION_KINDS } from './vocabulary';

const invalid = (message: string, field: string) => new ModerationViolation('INVALID_RULING', message, field);

/** A sanction order: an account of the match, a kind, and days for a ranked ban only. */
export function orderOf(value: unknown, at: string, players: readonly string[]): SanctionOrder | ModerationViolation {
  if (!value || typeof value !== 'object') return invalid(`${at}: expected { account, kind, days }`, at);
  const { account, kind, days } = value as Record<string, unknown>;
  if (typeof account !== 'string' || !players.includes(account)) return invalid(`${at}.account: not a player of the match`, `${at}.account`);
  if (!isOneOf(SANCTION_KINDS, kind)) return invalid(`${at}.kind: expected one of ${SANCTION_KINDS.join(', ')}`, `${at}.kind`);
  if (kind !== 'ranked-ban') {
    return days === undefined || days === null ? { account, kind, days: null } : invalid(`${at}.days: only a ranked ban lasts a number of days`, `${at}.days`);
  }
  if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > LIMITS.banDays) {
    return invalid(`${at}.days: a ranked ban lasts 1 to ${LIMITS.banDays} whole days`, `${at}.days`);
  }
  return { account, kind, days: days as number };
}

function ordersOf(value: unknown, players: readonly string[]): SanctionOrder[] | ModerationViolation {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return invalid('sanctions: expected a list', 'sanctions');
  const orders: SanctionOrder[] = [];
  for (const [i, item] of value.entries()) {
    const order = orderOf(item, `sanctions[${i}]`, players);
    if (order instanceof ModerationViolation) return order;
    if (orders.some((o) => o.account === order.account && o.kind === order.kind)) return invalid(`sanctions[${i}]: the same sanction twice for one account`, `sanctions[${i}]`);
    orders.push(order);
  }
  return orders;
}

/** What each action allows: a dismissal sanctions nobody, a warning only warns, a sanction names someone. */
function checkShape(action: RulingAction, orders: readonly SanctionOrder[]): ModerationViolation | null {
  if (action === 'dismiss' && orders.length > 0) return invalid('a dismissal sanctions nobody', 'sanctions');
  if (action === 'warn' && (orders.length === 0 || orders.some((o) => o.kind !== 'warning'))) return invalid('a warning ruling lists one or more warnings and nothing else', 'sanctions');
  if (action === 'sanction' && orders.length === 0) return invalid('a sanction ruling lists at least one sanction', 'sanctions');
  return null;
}

/** Parses a ruling from a moderator's input against the dispute's match. */
export function rulingOf(input: { action: unknown; reason: unknown; sanctions: unknown }, dispute: Dispute): Ruling | ModerationViolation {
  if (!isOneOf(RULING_ACTIONS, input.action)) return invalid(`action: expected one of ${RULING_ACTIONS.join(', ')}`, 'action');
  const reason = reasonOf(input.reason, LIMITS.reason);
  if (reason instanceof ModerationViolation) return reason;
  const orders = ordersOf(input.sanctions, dispute.players);
  if (orders instanceof ModerationViolation) return orders;
  return checkShape(input.action, orders) ?? { action: input.action, reason, sanctions: orders };
}

/** Voids and ranked bans are the actions that wait for a second moderator when the policy asks for one. */
export function isIrreversible(ruling: Ruling): boolean {
  return ruling.action === 'void' || ruling.sanctions.some((order) => order.kind === 'ranked-ban');
}
