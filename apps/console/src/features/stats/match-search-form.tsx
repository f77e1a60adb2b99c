'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { familyKey } from '@/features/game/names';
import { FILTER_ENUMS, FILTER_FLAGS, NO_SEARCH, type SearchFields } from './match-filter';

type EnumKey = keyof typeof FILTER_ENUMS;
const ENUM_LABELS: Record<EnumKey, 'family' | 'status' | 'kind'> = {
  family: 'family',
  status: 'status',
  kind: 'kind',
};

/** Every filter the API's `matches` query takes; submitting puts the search in the address (a search is a link). */
export function MatchSearchForm({
  initial,
  signedIn,
  onSearch,
}: {
  initial: SearchFields;
  signedIn: boolean;
  onSearch: (fields: SearchFields) => void;
}) {
  const t = useTranslations('stats');
  const tg = useTranslations('game');
  const [fields, setFields] = useState(initial);
  const set = (key: keyof SearchFields, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const word = (key: EnumKey, value: string) =>
    key === 'family' ? tg(familyKey(value)) : t(`${key}${value}` as 'statusLOBBY');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(fields);
  };
  return (
    <form className="stats-filters" aria-label={t('searchForm')} onSubmit={submit}>
      {(Object.keys(FILTER_ENUMS) as EnumKey[]).map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`search-${key}`}>{t(ENUM_LABELS[key])}</label>
          <select id={`search-${key}`} value={fields[key]} onChange={(e) => set(key, e.target.value)}>
            <option value="">{t('any')}</option>
            {FILTER_ENUMS[key].map((value) => (
              <option key={value} value={value}>
                {word(key, value)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {FILTER_FLAGS.map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`search-${key}`}>{t(key)}</label>
          <select id={`search-${key}`} value={fields[key]} onChange={(e) => set(key, e.target.value)}>
            <option value="">{t('any')}</option>
            <option value="true">{t('yes')}</option>
            <option value="false">{t('no')}</option>
          </select>
        </div>
      ))}
      <div className="field">
        <label htmlFor="search-player">{t('playerId')}</label>
        <input
          id="search-player"
          value={fields.player}
          onChange={(e) => set('player', e.target.value.trim())}
          aria-describedby="search-player-hint"
          size={24}
        />
        <span id="search-player-hint" className="hint">
          {t('playerIdHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor="search-from">{t('openedFrom')}</label>
        <input
          id="search-from"
          type="date"
          value={fields.openedFrom}
          onChange={(e) => set('openedFrom', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="search-to">{t('openedTo')}</label>
        <input
          id="search-to"
          type="date"
          value={fields.openedTo}
          onChange={(e) => set('openedTo', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={fields.open === 'true'}
            onChange={(e) => set('open', e.target.checked ? 'true' : '')}
          />
          {t('openOnly')}
        </label>
        {signedIn ? (
          <label className="check">
            <input
              type="checkbox"
              checked={fields.mine === 'true'}
              onChange={(e) => set('mine', e.target.checked ? 'true' : '')}
            />
            {t('mineOnly')}
          </label>
        ) : null}
      </div>
      <div className="row">
        <button type="submit" className="primary">
          {t('search')}
        </button>
        <button
          type="button"
          onClick={() => {
            setFields(NO_SEARCH);
            onSearch(NO_SEARCH);
          }}
        >
          {t('clear')}
        </button>
      </div>
    </form>
  );
}
