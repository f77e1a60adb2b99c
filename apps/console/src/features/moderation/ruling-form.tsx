'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { useCommand } from '@/data/commands';
import { RuleDisputeDocument } from '@/data/generated/graphql';
import { ACTIONS, kindsFor, REASON_MAX, type RulingPlan, rulingInput, rulingProblems } from './ruling-plan';
import { PlayerSanctions } from './player-sanctions';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

interface Props {
  readonly view: DisputeView;
  readonly name: (account: string) => string;
  readonly run: RunDisputeCommand;
}

/** The holder's ruling: an action, a reason (always), and per player the sanctions it orders (any number, of any kinds the action takes). */
export function RulingForm({ view, name, run }: Props) {
  const t = useTranslations('moderation');
  const rule = useCommand(RuleDisputeDocument);
  const [plan, setPlan] = useState<RulingPlan>({ action: 'DISMISS', reason: '', sanctions: [] });
  const [tried, setTried] = useState(false);
  const problems = rulingProblems(plan);
  const kinds = kindsFor(plan.action);
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
      {kinds.length > 0 || plan.sanctions.length > 0 ? (
        <fieldset>
          <legend>{t('sanctionsLegend')}</legend>
          {view.players.map((account) => (
            <PlayerSanctions key={account} account={account} name={name(account)} plan={plan} kinds={kinds} onChange={setPlan} />
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
