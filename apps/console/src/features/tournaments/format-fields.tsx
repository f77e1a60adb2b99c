'use client';

import { useTranslations } from 'next-intl';
import type { TournamentFormat } from '@/data/generated/graphql';
import { NumberField } from './number-field';
import { LIMITS, type TournamentPlan } from './tournament-plan';

interface Props {
  readonly plan: TournamentPlan;
  readonly onChange: (plan: TournamentPlan) => void;
}

const FORMATS: readonly TournamentFormat[] = ['SWISS_TABLES', 'KNOCKOUT_TABLES'];

/** Table sizes and the format's own settings: swiss rounds, final table and late entry; or how many advance. */
export function FormatFields({ plan, onChange }: Props) {
  const t = useTranslations('tournaments');
  const set = (patch: Partial<TournamentPlan>) => onChange({ ...plan, ...patch });
  return (
    <fieldset>
      <legend>{t('formatLegend')}</legend>
      <NumberField id="t-min" label={t('minTableSize', LIMITS.table)} value={plan.minTableSize} onChange={(minTableSize) => set({ minTableSize })} />
      <NumberField id="t-max" label={t('maxTableSize', LIMITS.table)} value={plan.maxTableSize} onChange={(maxTableSize) => set({ maxTableSize })} />
      {FORMATS.map((format) => (
        <div className="check" key={format}>
          <input id={`t-${format}`} type="radio" name="format" checked={plan.format === format} onChange={() => set({ format })} />
          <label htmlFor={`t-${format}`}>{t(`format.${format}`)}</label>
          <span className="hint">{t(`formatHint.${format}`)}</span>
        </div>
      ))}
      {plan.format === 'SWISS_TABLES' ? (
        <>
          <NumberField id="t-rounds" label={t('swissRounds', LIMITS.rounds)} value={plan.swissRounds} onChange={(swissRounds) => set({ swissRounds })} />
          <NumberField id="t-final" label={t('finalTableSize')} value={plan.finalTableSize} onChange={(finalTableSize) => set({ finalTableSize })} />
          <NumberField id="t-late" label={t('lateRegistration')} value={plan.lateRegistrationUntilRound} onChange={(lateRegistrationUntilRound) => set({ lateRegistrationUntilRound })} />
        </>
      ) : (
        <NumberField id="t-advance" label={t('advancePerTable')} value={plan.advancePerTable} onChange={(advancePerTable) => set({ advancePerTable })} />
      )}
    </fieldset>
  );
}
