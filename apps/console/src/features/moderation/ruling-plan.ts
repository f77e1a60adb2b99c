import type { RuleDisputeInput, RulingAction, SanctionKind } from '@/data/generated/graphql';

export const ACTIONS: readonly RulingAction[] = ['DISMISS', 'WARN', 'VOID', 'SANCTION'];
export const REASON_MAX = 500;
export const BAN_DAYS = { min: 1, max: 365 } as const;
export const DEFAULT_BAN_DAYS = 7;

/** One sanction the form orders: a player and a kind (a ranked ban with its days). */
export interface SanctionPick {
  readonly account: string;
  readonly kind: SanctionKind;
  readonly days: number;
}

/** A ruling being written: any number of sanctions, several to one player (of different kinds) included. */
export interface RulingPlan {
  readonly action: RulingAction;
  readonly reason: string;
  readonly sanctions: readonly SanctionPick[];
}

export type RulingProblem = 'reasonRequired' | 'reasonTooLong' | 'sanctionRequired' | 'onlyWarnings' | 'banDays' | 'noSanctions' | 'sameTwice';

/** The kinds each action takes (docs/moderation.md): warn gives warnings, dismiss none, void and sanction any. */
export function kindsFor(action: RulingAction): readonly SanctionKind[] {
  if (action === 'DISMISS') return [];
  if (action === 'WARN') return ['WARNING'];
  return ['WARNING', 'RANKED_BAN', 'COLLUSION_MARK'];
}

const same = (a: Pick<SanctionPick, 'account' | 'kind'>, b: Pick<SanctionPick, 'account' | 'kind'>) => a.account === b.account && a.kind === b.kind;

/** The pick of `kind` for `account`, if the plan has it. */
export function pickOf(plan: RulingPlan, account: string, kind: SanctionKind): SanctionPick | undefined {
  return plan.sanctions.find((p) => same(p, { account, kind }));
}

/** Adds (with a ban's default days) or removes one player's sanction of one kind; the others stay as they were. */
export function withPick(plan: RulingPlan, account: string, kind: SanctionKind, on: boolean): RulingPlan {
  const rest = plan.sanctions.filter((p) => !same(p, { account, kind }));
  return { ...plan, sanctions: on ? [...rest, { account, kind, days: DEFAULT_BAN_DAYS }] : rest };
}

/** Sets the days of one player's ranked ban. */
export function withBanDays(plan: RulingPlan, account: string, days: number): RulingPlan {
  return { ...plan, sanctions: plan.sanctions.map((p) => (same(p, { account, kind: 'RANKED_BAN' }) ? { ...p, days } : p)) };
}

/** What is wrong with the form before sending (the API checks the same and names the order at fault). */
export function rulingProblems(plan: RulingPlan): RulingProblem[] {
  const problems: RulingProblem[] = [];
  const reason = plan.reason.trim();
  if (reason === '') problems.push('reasonRequired');
  if (reason.length > REASON_MAX) problems.push('reasonTooLong');
  const picks = plan.sanctions;
  if ((plan.action === 'WARN' || plan.action === 'SANCTION') && picks.length === 0) problems.push('sanctionRequired');
  if (plan.action === 'DISMISS' && picks.length > 0) problems.push('noSanctions');
  if (plan.action === 'WARN' && picks.some((p) => p.kind !== 'WARNING')) problems.push('onlyWarnings');
  const badDays = (p: SanctionPick) => !Number.isInteger(p.days) || p.days < BAN_DAYS.min || p.days > BAN_DAYS.max;
  if (picks.some((p) => p.kind === 'RANKED_BAN' && badDays(p))) problems.push('banDays');
  if (picks.some((p, i) => picks.findIndex((q) => same(p, q)) !== i)) problems.push('sameTwice');
  return problems;
}

/** Every pick is sent, in the order chosen: nothing is dropped on the way (the API refuses a bad one). */
export function rulingInput(disputeId: string, plan: RulingPlan): Omit<RuleDisputeInput, 'commandId'> {
  return {
    disputeId,
    action: plan.action,
    reason: plan.reason.trim(),
    sanctions: plan.sanctions.map(({ account, kind, days }) => ({ account, kind, ...(kind === 'RANKED_BAN' ? { days } : {}) })),
  };
}
