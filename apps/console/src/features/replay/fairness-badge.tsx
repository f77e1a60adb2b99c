'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { MatchEventsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { checkFairness } from './fairness';

/** Verified (every roll and shot recomputed here from the revealed seed), or exactly which one disagrees. */
export function FairnessBadge({
  id,
  finished,
  onJump,
}: {
  id: string;
  finished: boolean;
  onJump: (step: number) => void;
}) {
  const t = useTranslations('replay');
  const format = useFormatter();
  const [trail] = useData({ query: MatchEventsDocument, variables: { id }, pause: !finished });
  const fairness = useMemo(
    () => (trail.data ? checkFairness(trail.data.matchAudit.entries) : null),
    [trail.data],
  );
  if (!finished) return <p className="badge">{t('fairnessPending')}</p>;
  if (!fairness)
    return (
      <p className="badge" role="status">
        {t('fairnessChecking')}
      </p>
    );
  const { verification } = fairness;
  if (verification.verified) {
    return (
      <p className="badge ok" role="status" data-testid="fairness">
        {t('fairnessVerified', {
          rolls: format.number(verification.rollsChecked),
          shots: format.number(verification.shotsChecked),
        })}
      </p>
    );
  }
  return (
    <div className="problem" role="alert" data-testid="fairness">
      <strong>{t('fairnessFailed')}</strong>
      <ul>
        {verification.discrepancies.map((d, i) => (
          <li key={i}>
            {d.event >= 0 ? (
              <button type="button" className="linkish" onClick={() => onJump(d.event)}>
                {t('stepN', { step: d.event + 1 })}
              </button>
            ) : null}{' '}
            {d.what}
          </li>
        ))}
      </ul>
    </div>
  );
}
