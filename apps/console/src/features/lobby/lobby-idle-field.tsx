'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { LobbyIdleTimesDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { durationOf, idleChoices } from './lobby-idle';
import type { MatchPlan } from './match-plan';

/** The catalogue's key of each unit `durationOf` names. */
const UNIT_KEYS = { days: 'idleDays', hours: 'idleHours', minutes: 'idleMinutes', seconds: 'idleSeconds' } as const;

interface Props {
  readonly plan: MatchPlan;
  readonly onChange: (plan: MatchPlan) => void;
}

/**
 * How long the lobby may wait idle before it closes: the server's default first (sent as none), then the
 * durations the server accepts up to its ceiling, each named in the reader's language.
 */
export function LobbyIdleField({ plan, onChange }: Props) {
  const t = useTranslations('lobby');
  const id = useId();
  const [{ data }] = useData({ query: LobbyIdleTimesDocument });
  const times = data?.lobbyIdleTimes ?? null;
  const duration = (seconds: number) => {
    const { unit, count } = durationOf(seconds);
    return t(UNIT_KEYS[unit], { count });
  };
  const serverDefault = times?.defaultSeconds;
  return (
    <div className="field">
      <label htmlFor={id}>{t('idleTime')}</label>
      <select id={id} aria-describedby={`${id}-hint`} value={plan.idleSeconds} onChange={(e) => onChange({ ...plan, idleSeconds: Number(e.target.value) })}>
        <option value={0}>{serverDefault ? t('idleDefault', { duration: duration(serverDefault) }) : serverDefault === null ? t('idleNever') : t('idleServer')}</option>
        {idleChoices(times).map((seconds) => (
          <option key={seconds} value={seconds}>
            {duration(seconds)}
          </option>
        ))}
      </select>
      <p className="hint" id={`${id}-hint`}>
        {t('idleHint')}
      </p>
    </div>
  );
}
