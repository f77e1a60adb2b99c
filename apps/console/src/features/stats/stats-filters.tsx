'use client';

import { useTranslations } from 'next-intl';
import { RULESETS } from '@liars-dice/game-rules';
import { familyKey } from '@/features/game/names';
import { TABLE_SIZES, type StatsChoice } from './stats-choice';

export function FamilySelect({
  value,
  onChange,
  id,
}: {
  value: string | null;
  onChange: (family: string | null) => void;
  id: string;
}) {
  const t = useTranslations('stats');
  const tg = useTranslations('game');
  return (
    <div className="field">
      <label htmlFor={id}>{t('family')}</label>
      <select
        id={id}
        value={value ?? 'all'}
        onChange={(e) => onChange(e.target.value === 'all' ? null : e.target.value)}
      >
        <option value="all">{t('allFamilies')}</option>
        {RULESETS.map((family) => (
          <option key={family} value={family}>
            {tg(familyKey(family))}
          </option>
        ))}
      </select>
    </div>
  );
}

export function StatsFilters({
  choice,
  onChange,
}: {
  choice: StatsChoice;
  onChange: (choice: StatsChoice) => void;
}) {
  const t = useTranslations('stats');
  return (
    <form className="stats-filters" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
      <FamilySelect
        id="stats-family"
        value={choice.family}
        onChange={(family) => onChange({ ...choice, family })}
      />
      <div className="field">
        <label htmlFor="stats-size">{t('tableSize')}</label>
        <select
          id="stats-size"
          value={choice.size}
          onChange={(e) => onChange({ ...choice, size: e.target.value })}
        >
          <option value="all">{t('allSizes')}</option>
          {TABLE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('players', { count: Number(size) })}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
