'use client';

import { useTranslations } from 'next-intl';
import { problemOf } from '@/data/commands';
import { ProblemNote } from '@/ui/problem-note';
import { MatchTable } from './match-table';
import { useLiveMatchList } from './use-live-match-list';

const IN_PLAY = { status: 'PLAYING' } as const;

/** Every match in play, newest first, live (`matchListUpdated`, polled only offline); each opens its public view. */
export function LiveTables() {
  const t = useTranslations('live');
  const live = useLiveMatchList(IN_PLAY, 50);
  return (
    <section className="card" aria-labelledby="live-title">
      <h1 id="live-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <ProblemNote problem={problemOf(live.error)} />
      <MatchTable
        labelledBy="live-title"
        matches={live.data?.matches.nodes ?? []}
        empty={t('none')}
        action="watch"
      />
    </section>
  );
}
