'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { RULESETS, type Ruleset } from '@liars-dice/game-rules';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { CreateTournamentDocument } from '@/data/generated/graphql';
import { OptionFields } from '@/features/lobby/option-fields';
import { ProblemNote } from '@/ui/problem-note';
import { FormatFields } from './format-fields';
import { NumberField } from './number-field';
import { ScheduleFields } from './schedule-fields';
import { initialTournamentPlan, LIMITS, planProblems, tournamentInput, withTournamentFamily } from './tournament-plan';

/** Every setting `createTournament` takes, checked field by field before sending (the API checks again). */
export function CreateTournamentForm() {
  const t = useTranslations('tournaments');
  const tg = useTranslations('game');
  const router = useRouter();
  const create = useCommand(CreateTournamentDocument);
  const [plan, setPlan] = useState(() => initialTournamentPlan(new Date()));
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const problems = tried ? planProblems(plan, new Date()) : [];
  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (planProblems(plan, new Date()).length > 0) return;
    const result = await create(tournamentInput(plan));
    if (result.data) router.push(`/tournaments/${encodeURIComponent(result.data.createTournament.id)}`);
    else setProblem(problemOf(result.error));
  }
  return (
    <form onSubmit={submit} className="card stack" aria-labelledby="create-title" noValidate>
      <h1 id="create-title">{t('createTitle')}</h1>
      <div className="field">
        <label htmlFor="t-name">{t('name')}</label>
        <input id="t-name" value={plan.name} maxLength={LIMITS.name} onChange={(e) => setPlan({ ...plan, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="t-family">{t('family')}</label>
        <select id="t-family" value={plan.match.ruleset} onChange={(e) => setPlan(withTournamentFamily(plan, e.target.value as Ruleset))}>
          {RULESETS.map((family) => (
            <option key={family} value={family}>
              {tg(family)}
            </option>
          ))}
        </select>
      </div>
      <OptionFields plan={plan.match} onChange={(match) => setPlan({ ...plan, match })} />
      <div className="check">
        <input id="t-ranked" type="checkbox" checked={plan.ranked} onChange={(e) => setPlan({ ...plan, ranked: e.target.checked })} />
        <label htmlFor="t-ranked">{t('ranked')}</label>
        <span className="hint">{t('rankedHint')}</span>
      </div>
      <NumberField id="t-capacity" label={t('capacity', LIMITS.capacity)} value={plan.capacity} onChange={(capacity) => setPlan({ ...plan, capacity })} />
      <FormatFields plan={plan} onChange={setPlan} />
      <ScheduleFields plan={plan} onChange={setPlan} />
      <div className="check">
        <input id="t-publish" type="checkbox" checked={plan.autoPublish} onChange={(e) => setPlan({ ...plan, autoPublish: e.target.checked })} />
        <label htmlFor="t-publish">{t('autoPublish')}</label>
      </div>
      <ul className="problems" aria-live="polite" aria-label={t('problems')}>
        {problems.map((p) => (
          <li key={p.field}>{t(`problem.${p.field}`, { min: p.values?.['min'] ?? 0, max: p.values?.['max'] ?? 0 })}</li>
        ))}
      </ul>
      <ProblemNote problem={problem} />
      <button type="submit" className="primary">
        {t('createAction')}
      </button>
    </form>
  );
}
