'use client';

import { useTranslations } from 'next-intl';
import { problemOf } from '@/data/commands';
import { MatchListDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';
import { LIST_POLL_MS } from './lobby';
import { MatchTable } from './match-table';

/** Every match in play, newest first, refreshed while watched; each opens its public view. */
export function LiveTables() {
  const t = useTranslations('live');
  const [live] = useData({
    query: MatchListDocument,
    variables: { filter: { status: 'PLAYING' }, first: 50 },
    pollMs: LIST_POLL_MS,
  });
  return (
    <section className="card">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <ProblemNote problem={problemOf(live.error)} />
      <MatchTable
        caption={t('title')}
        matches={live.data?.matches.nodes ?? []}
        empty={t('none')}
        action="watch"
      />
    </section>
  );
}
