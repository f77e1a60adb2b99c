'use client';

import { useTranslations } from 'next-intl';
import { NumberField } from './number-field';
import { LIMITS, type TournamentPlan } from './tournament-plan';

interface Props {
  readonly plan: TournamentPlan;
  readonly onChange: (plan: TournamentPlan) => void;
}

const TIMES = [
  ['t-opens', 'opensAt'],
  ['t-closes', 'closesAt'],
  ['t-starts', 'startsAt'],
] as const;

/** The registration window and the start, on the reader's clock (sent as ISO-8601), and the check-in. */
export function ScheduleFields({ plan, onChange }: Props) {
  const t = useTranslations('tournaments');
  return (
    <fieldset>
      <legend>{t('scheduleLegend')}</legend>
      {TIMES.map(([id, key]) => (
        <div className="field" key={key}>
          <label htmlFor={id}>{t(key)}</label>
          <input id={id} type="datetime-local" step={1} value={plan[key]} onChange={(e) => onChange({ ...plan, [key]: e.target.value })} />
        </div>
      ))}
      <p className="hint">{t('opensHint')}</p>
      <NumberField id="t-checkin" label={t('checkInMinutes', LIMITS.checkIn)} value={plan.checkInMinutes} onChange={(checkInMinutes) => onChange({ ...plan, checkInMinutes })} />
    </fieldset>
  );
}
