'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ScoreFieldsFragment } from '@/data/generated/graphql';

const TERMS = ['base', 'age', 'filers', 'moderator', 'record', 'signal', 'live', 'misrule'] as const;

/** Why a dispute stands where it does: every non-zero term of its queue score. */
export function ScoreParts({ parts }: { parts: ScoreFieldsFragment }) {
  const t = useTranslations('moderation.scoreTerm');
  const format = useFormatter();
  const shown = TERMS.filter((term) => parts[term] !== 0);
  return (
    <ul className="score-parts">
      {shown.map((term) => (
        <li key={term}>
          {t(term)} {format.number(parts[term], { maximumFractionDigits: 1, signDisplay: 'always' })}
        </li>
      ))}
    </ul>
  );
}
