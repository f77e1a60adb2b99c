'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { useCommand } from '@/data/commands';
import { RuleDisputeDocument } from '@/data/generated/graphql';
import { ACTIONS, BAN_DAYS, kindsFor, REASON_MAX, type RulingPlan, rulingInput, rulingProblems } from './ruling-plan';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

interface Props {
  readonly view: DisputeView;
  readonly name: (account: string) => string;
  readonly run: RunDisputeCommand;
}

/** The holder's ruling: an action, a reason (always), and per player the sanction it orders. */
export function RulingForm({ view, name, run }: Props) {
  const t = useTranslations('moderation');
  const rule = useCommand(RuleDisputeDocument);
  const [plan, setPlan] = useState<RulingPlan>({ action: 'DISMISS', reason: '', sanctions: {} });
  const [tried, setTried] = useState(false);
  const problems = rulingProblems(plan);
  const kinds = kindsFor(plan.action);
  const choice = (account: string) => plan.sanctions[account] ?? { kind: 'NONE' as const, days: 7 };
  const setChoice = (account: string, next: Partial<ReturnType<typeof choice>>) =>
    setPlan({ ...plan, sanctions: { ...plan.sanctions, [account]: { ...choice(account), ...next } } });
  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problems.length === 0) await run(() => rule(rulingInput(view.id, plan)), (d) => d.ruleDispute);
  }
  return (
    <form className="card" aria-labelledby="rule-title" onSubmit={submit} noValidate>
      <h2 id="rule-title">{t('ruleTitle')}</h2>
      <fieldset>
        <legend>{t('action')}</legend>
        {ACTIONS.map((action) => (
          <div className="check" key={action}>
            <input id={`action-${action}`} type="radio" name="action" checked={plan.action === action} onChange={() => setPlan({ ...plan, action })} />
            <label htmlFor={`action-${action}`}>{t(`actionName.${action}`)}</label>
            <span className="hint">{t(`actionHint.${action}`)}</span>
          </div>
        ))}
      </fieldset>
      {kinds.length > 0 ? (
        <fieldset>
          <legend>{t('sanctionsLegend')}</legend>
          {view.players.map((account) => (
            <div className="seat-row" key={account}>
              <label htmlFor={`kind-${account}`}>{t('sanctionFor', { name: name(account) })}</label>
              <select id={`kind-${account}`} value={choice(account).kind} onChange={(e) => setChoice(account, { kind: e.target.value as never })}>
                <option value="NONE">{t('sanctionNone')}</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`kind.${k}`)}
                  </option>
                ))}
              </select>
              {choice(account).kind === 'RANKED_BAN' ? (
                <>
                  <label htmlFor={`days-${account}`}>{t('banDays')}</label>
                  <input id={`days-${account}`} type="number" min={BAN_DAYS.min} max={BAN_DAYS.max} value={choice(account).days} onChange={(e) => setChoice(account, { days: Number(e.target.value) })} />
                </>
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor="rule-reason">{t('reasonLabel', { max: REASON_MAX })}</label>
        <textarea id="rule-reason" rows={3} value={plan.reason} onChange={(e) => setPlan({ ...plan, reason: e.target.value })} aria-invalid={tried && problems.length > 0} aria-describedby="rule-problems" />
      </div>
      <ul id="rule-problems" className="problems" aria-live="polite">
        {tried ? problems.map((p) => <li key={p}>{t(`rulingProblem.${p}`, { max: REASON_MAX })}</li>) : null}
      </ul>
      <button type="submit" className="primary">
        {t('ruleAction')}
      </button>
    </form>
  );
}
