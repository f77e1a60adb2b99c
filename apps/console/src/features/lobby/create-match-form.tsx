'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { RULESETS, type Ruleset } from '@liars-dice/game-rules';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { CreateMatchDocument } from '@/data/generated/graphql';
import { ProblemNote } from '@/ui/problem-note';
import { OptionFields } from './option-fields';
import { badSeatNames, createInput, initialPlan, PLAYER_COUNTS, withFamily, withPlayers, withRanked } from './match-plan';
import { LobbyIdleField } from './lobby-idle-field';
import { SeatFields, seatNameId } from './seat-fields';

/** Every option of each family, CPU seats with a difficulty and an optional name each, ranked or not. */
export function CreateMatchForm() {
  const t = useTranslations('lobby');
  const tg = useTranslations('game');
  const router = useRouter();
  const create = useCommand(CreateMatchDocument);
  const [plan, setPlan] = useState(initialPlan);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const ids = { family: useId(), players: useId(), ranked: useId(), practice: useId(), seats: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    // A name the API would refuse: nothing is sent, and focus goes to the first such field (its problem shows under it).
    const [firstBad] = badSeatNames(plan);
    if (firstBad !== undefined) return document.getElementById(seatNameId(ids.seats, firstBad))?.focus();
    setBusy(true);
    const result = await create(createInput(plan));
    setBusy(false);
    if (result.data) router.push(`/matches/${result.data.createMatch.id}`);
    else setProblem(problemOf(result.error));
  }

  return (
    <form onSubmit={submit} className="stack" aria-label={t('create')}>
      <div className="field">
        <label htmlFor={ids.family}>{t('family')}</label>
        <select
          id={ids.family}
          value={plan.ruleset}
          onChange={(e) => setPlan(withFamily(plan, e.target.value as Ruleset))}
        >
          {RULESETS.map((family) => (
            <option key={family} value={family}>
              {tg(family)}
            </option>
          ))}
        </select>
        <p className="hint">{tg(`${plan.ruleset}Summary`)}</p>
      </div>
      <div className="field">
        <label htmlFor={ids.players}>{t('playerCount')}</label>
        <select
          id={ids.players}
          value={plan.others.length + 1}
          onChange={(e) => setPlan(withPlayers(plan, Number(e.target.value)))}
        >
          {PLAYER_COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <OptionFields plan={plan} onChange={setPlan} />
      <div className="check">
        <input
          id={ids.ranked}
          type="checkbox"
          checked={plan.ranked}
          onChange={(e) => setPlan(withRanked(plan, e.target.checked))}
        />
        <label htmlFor={ids.ranked}>{t('ranked')}</label>
        <span className="hint">{t('rankedHint')}</span>
      </div>
      <div className="check">
        <input
          id={ids.practice}
          type="checkbox"
          checked={plan.practice}
          disabled={plan.ranked}
          onChange={(e) => setPlan({ ...plan, practice: e.target.checked })}
        />
        <label htmlFor={ids.practice}>{t('practice')}</label>
      </div>
      <SeatFields plan={plan} onChange={setPlan} tried={tried} base={ids.seats} />
      <LobbyIdleField plan={plan} onChange={setPlan} />
      <ProblemNote problem={problem} />
      <button type="submit" className="primary" disabled={busy}>
        {t('createAction')}
      </button>
    </form>
  );
}
