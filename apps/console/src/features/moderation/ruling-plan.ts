import type { RuleDisputeInput, RulingAction, SanctionKind } from '@/data/generated/graphql';

export const ACTIONS: readonly RulingAction[] = ['DISMISS', 'WARN', 'VOID', 'SANCTION'];
export const REASON_MAX = 500;
export const BAN_DAYS = { min: 1, max: 365 } as const;

/** One player's sanction in the form: none, or a kind (a ranked ban with its days). */
export interface SanctionChoice {
  readonly kind: SanctionKind | 'NONE';
  readonly days: number;
}

export interface RulingPlan {
  readonly action: RulingAction;
  readonly reason: string;
  readonly sanctions: Readonly<Record<string, SanctionChoice>>;
}

export type RulingProblem = 'reasonRequired' | 'reasonTooLong' | 'sanctionRequired' | 'onlyWarnings' | 'banDays' | 'noSanctions';

/** The kinds each action takes (docs/moderation.md): warn gives warnings, dismiss none, void and sanction any. */
export function kindsFor(action: RulingAction): readonly SanctionKind[] {
  if (action === 'DISMISS') return [];
  if (action === 'WARN') return ['WARNING'];
  return ['WARNING', 'RANKED_BAN', 'COLLUSION_MARK'];
}

function chosen(plan: RulingPlan): [string, SanctionChoice][] {
  return Object.entries(plan.sanctions).filter(([, c]) => c.kind !== 'NONE');
}

/** What is wrong with the form before sending (the API checks the same and names the field). */
export function rulingProblems(plan: RulingPlan): RulingProblem[] {
  const problems: RulingProblem[] = [];
  const reason = plan.reason.trim();
  if (reason === '') problems.push('reasonRequired');
  if (reason.length > REASON_MAX) problems.push('reasonTooLong');
  const picks = chosen(plan);
  if ((plan.action === 'WARN' || plan.action === 'SANCTION') && picks.length === 0) problems.push('sanctionRequired');
  if (plan.action === 'DISMISS' && picks.length > 0) problems.push('noSanctions');
  if (plan.action === 'WARN' && picks.some(([, c]) => c.kind !== 'WARNING')) problems.push('onlyWarnings');
  const badDays = (c: SanctionChoice) => !Number.isInteger(c.days) || c.days < BAN_DAYS.min || c.days > BAN_DAYS.max;
  if (picks.some(([, c]) => c.kind === 'RANKED_BAN' && badDays(c))) problems.push('banDays');
  return problems;
}

export function rulingInput(disputeId: string, plan: RulingPlan): Omit<RuleDisputeInput, 'commandId'> {
  return {
    disputeId,
    action: plan.action,
    reason: plan.reason.trim(),
    sanctions: chosen(plan).map(([account, c]) => ({
      account,
      kind: c.kind as SanctionKind,
      ...(c.kind === 'RANKED_BAN' ? { days: c.days } : {}),
    })),
  };
}
