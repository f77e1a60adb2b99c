'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { adjustable, type MatchPlan, type OptionKey, timerOptional } from './match-plan';

const STARTING_DICE = [3, 4, 5];
const BULLETS = [1, 2, 3, 4, 5];

interface Props {
  readonly plan: MatchPlan;
  readonly onChange: (plan: MatchPlan) => void;
}

/** The family's adjustable options only (libs/game/rules ADJUSTABLE_OPTIONS): what a table may choose. */
export function OptionFields({ plan, onChange }: Props) {
  const t = useTranslations('lobby');
  const base = useId();
  const keys = adjustable(plan.ruleset);
  const set = (key: OptionKey, value: unknown) =>
    onChange({ ...plan, options: { ...plan.options, [key]: value } });
  const has = (key: OptionKey) => keys.includes(key);
  const timer = plan.options.turnSeconds;
  return (
    <fieldset>
      <legend>{t('options')}</legend>
      {has('startingDice') ? (
        <div className="field">
          <label htmlFor={`${base}-dice`}>{t('startingDice')}</label>
          <select
            id={`${base}-dice`}
            value={plan.options.startingDice}
            onChange={(e) => set('startingDice', Number(e.target.value))}
          >
            {STARTING_DICE.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
      ) : null}
      {(['wildOnes', 'spotOn', 'palifico'] as const).filter(has).map((key) => (
        <div className="check" key={key}>
          <input
            id={`${base}-${key}`}
            type="checkbox"
            checked={plan.options[key]}
            onChange={(e) => set(key, e.target.checked)}
          />
          <label htmlFor={`${base}-${key}`}>{t(key)}</label>
        </div>
      ))}
      {has('bullets') ? (
        <div className="field">
          <label htmlFor={`${base}-bullets`}>{t('bullets')}</label>
          <select
            id={`${base}-bullets`}
            value={plan.options.bullets}
            onChange={(e) => set('bullets', Number(e.target.value))}
          >
            {BULLETS.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
      ) : null}
      {timerOptional(plan.ruleset) ? (
        <div className="check">
          <input
            id={`${base}-timer-on`}
            type="checkbox"
            checked={timer !== null}
            onChange={(e) => set('turnSeconds', e.target.checked ? 60 : null)}
          />
          <label htmlFor={`${base}-timer-on`}>{t('turnTimer')}</label>
        </div>
      ) : null}
      {timer !== null ? (
        <div className="field">
          <label htmlFor={`${base}-timer`}>{t('turnSeconds')}</label>
          <input
            id={`${base}-timer`}
            type="number"
            min={10}
            max={600}
            step={5}
            value={timer}
            onChange={(e) => set('turnSeconds', Number(e.target.value))}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
