'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf } from '@/data/commands';
import { SuspiciousPairsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';
import { SignalsTable } from './signals-table';

/** Every pair that shared a ranked match, most suspicious first (flagged at 8): where to look for soft play. */
export function SuspiciousPairs() {
  const t = useTranslations('moderation');
  const [min, setMin] = useState(0);
  const [pairs] = useData({ query: SuspiciousPairsDocument, variables: { minSuspicion: Number.isFinite(min) ? min : 0, first: 50 }, requestPolicy: 'network-only' });
  const nodes = pairs.data?.suspiciousPairs.nodes ?? [];
  return (
    <div>
      <div className="field">
        <label htmlFor="min-suspicion">{t('minSuspicion')}</label>
        <input id="min-suspicion" type="number" min={0} step={1} value={min} onChange={(e) => setMin(e.target.valueAsNumber)} />
      </div>
      <ProblemNote problem={problemOf(pairs.error)} />
      {pairs.data && nodes.length === 0 ? <p className="muted">{t('noPairs')}</p> : null}
      <SignalsTable pairs={nodes} title={t('pairsCaption')} />
    </div>
  );
}
