'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { StatsPlayerRatingsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { familyKey } from '@/features/game/names';
import { PlayerPlay } from './player-play';
import { PlayerResults } from './player-results';
import { QueryPanel } from './query-panel';
import { RatingChart } from './rating-chart';
import { FamilySelect } from './stats-filters';
import { StatsTabs } from './stats-tabs';

/** One player for analysts: rating over time per family, calls, bluffs, placements and the opening-seat effect. */
export function PlayerStatsPage({ player, name }: { player: string; name: string }) {
  const t = useTranslations('stats');
  const tg = useTranslations('game');
  const [family, setFamily] = useState<string | null>(null);
  const variables = { player, points: 100 };
  const [ratings] = useData({ query: StatsPlayerRatingsDocument, variables });
  const lines = (['classic', 'perudo', 'revolver'] as const).map((fam) => ({
    label: tg(familyKey(fam)),
    changes: ratings.data?.[fam] ?? [],
  }));
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('playerTitle', { name })}</h1>
        <StatsTabs />
        <p className="row">
          <Link href={`/players/${encodeURIComponent(player)}?name=${encodeURIComponent(name)}`}>
            {t('playerPage')}
          </Link>
          <Link href={`/stats/matches?player=${encodeURIComponent(player)}`}>{t('playerMatches')}</Link>
        </p>
        <p className="hint">{t('scope')}</p>
      </section>
      <RatingChart title={t('ratingsTitle')} lines={lines.filter((line) => line.changes.length > 0)} />
      <QueryPanel document={StatsPlayerRatingsDocument} variables={variables} />
      <section className="card stats-filters" aria-label={t('filters')}>
        <FamilySelect id="player-family" value={family} onChange={setFamily} />
      </section>
      <PlayerPlay player={player} family={family} />
      <PlayerResults player={player} family={family} />
    </div>
  );
}
