'use client';

import { useTranslations } from 'next-intl';
import { StatsPlayerResultsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure, Legend } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';

const PLACES = [1, 2, 3, 4, 5, 6];

/** A player's placements by table size (stacked by place) and results by their place in the first turn order. */
export function PlayerResults({ player, family }: { player: string; family: string | null }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = { player };
  const [result] = useData({ query: StatsPlayerResultsDocument, variables });
  const row = result.data?.playerStats.find((s) => s.family === (family ?? 'all'));
  const sizes = row?.placementsBySize ?? [];
  const places = PLACES.filter((p) => sizes.some((s) => s.tableSize >= p));
  const placeSeries = places.map((p) => ({ key: `p${p}`, label: t('placeName', { place: p }) }));
  const bySize = sizes.map((s) => ({
    size: s.tableSize,
    ...Object.fromEntries(s.places.map((p) => [`p${p.place}`, p.count])),
  }));
  const seats = row?.seatPositions ?? [];
  return (
    <section className="stack" aria-label={t('resultsTitle')}>
      <div className="stats-grid">
        <ChartFigure
          title={t('placementsTitle')}
          summary={t('matchesCounted', { count: row?.matches ?? 0 })}
          empty={sizes.length === 0}
          legend={<Legend items={placeSeries.map((s, i) => ({ label: s.label, series: i + 1 }))} />}
          table={{
            columns: [{ label: t('tableSize') }, { label: t('place') }, { label: t('count'), numeric: true }],
            rows: sizes.flatMap((s) =>
              s.places.map((p) => ({
                key: `${s.tableSize}-${p.place}`,
                cells: [
                  t('players', { count: s.tableSize }),
                  t('placeName', { place: p.place }),
                  f.count(p.count),
                ],
              })),
            ),
          }}
        >
          <Bars
            data={bySize}
            x="size"
            series={placeSeries}
            tick={(size) => t('players', { count: Number(size) })}
            value={f.count}
            stacked
          />
        </ChartFigure>
        <ChartFigure
          title={t('openingSeatTitle')}
          summary={t('matchesCounted', { count: row?.matches ?? 0 })}
          empty={seats.length === 0}
          table={{
            columns: [
              { label: t('position') },
              { label: t('matches'), numeric: true },
              { label: t('wins'), numeric: true },
              { label: t('winRate'), numeric: true },
              { label: t('averagePlace'), numeric: true },
            ],
            rows: seats.map((p) => ({
              key: p.position,
              cells: [
                t('positionName', { position: p.position }),
                f.count(p.matches),
                f.count(p.wins),
                f.percent(p.winRate),
                f.decimal(p.averagePlace),
              ],
            })),
          }}
        >
          <Bars
            data={seats.map((p) => ({ position: p.position, winRate: p.winRate }))}
            x="position"
            series={[{ key: 'winRate', label: t('winRate') }]}
            tick={(k) => t('positionShort', { position: Number(k) })}
            value={f.percent}
            share
          />
        </ChartFigure>
      </div>
      <p className="hint">{t('openingSeatHint')}</p>
      <QueryPanel document={StatsPlayerResultsDocument} variables={variables} />
    </section>
  );
}
