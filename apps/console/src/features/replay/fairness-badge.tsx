'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ProblemNote } from '@/ui/problem-note';
import { checkFairness } from './fairness';
import { useMatchEvents } from './use-match-events';

/**
 * Verified (every roll, and in revolver every shot, recomputed here from the revealed seed), or exactly which one
 * disagrees. `shots`: the family has a revolver; the others have no shots to count.
 */
export function FairnessBadge({
  id,
  finished,
  shots,
  onJump,
}: {
  id: string;
  finished: boolean;
  shots: boolean;
  onJump: (step: number) => void;
}) {
  const t = useTranslations('replay');
  const format = useFormatter();
  const trail = useMatchEvents(id, finished);
  const fairness = useMemo(() => (trail.entries ? checkFairness(trail.entries) : null), [trail.entries]);
  if (!finished) return <p className="badge">{t('fairnessPending')}</p>;
  if (trail.problem) return <ProblemNote problem={trail.problem} />;
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
        {shots
          ? t('fairnessVerified', {
              rolls: format.number(verification.rollsChecked),
              shots: format.number(verification.shotsChecked),
            })
          : t('fairnessVerifiedRolls', { rolls: format.number(verification.rollsChecked) })}
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
