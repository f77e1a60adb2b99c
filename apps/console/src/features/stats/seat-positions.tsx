'use client';

import { useTranslations } from 'next-intl';
import { StatsSeatPositionsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure, Legend } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';
import { familyVariables } from './rows';
import { TABLE_SIZES, type StatsChoice } from './stats-choice';

/** Seat-position advantage: the win rate of each place in the first turn order, one bar per table size. */
export function SeatPositions({ choice }: { choice: StatsChoice }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = familyVariables(choice);
  const [result] = useData({ query: StatsSeatPositionsDocument, variables });
  const sizes = (result.data?.globalStats ?? []).filter(
    (row) =>
      row.family === (choice.family ?? 'all') &&
      row.tableSize !== 'all' &&
      (choice.size === 'all' || row.tableSize === choice.size),
  );
  sizes.sort((a, b) => TABLE_SIZES.indexOf(a.tableSize as never) - TABLE_SIZES.indexOf(b.tableSize as never));
  const matches = sizes.reduce((sum, row) => sum + row.matches, 0);
  const positions = [1, 2, 3, 4, 5, 6].filter((k) =>
    sizes.some((row) => row.seatPositions.some((p) => p.position === k)),
  );
  const data = positions.map((k) => ({
    position: k,
    ...Object.fromEntries(
      sizes.map((row) => [
        `s${row.tableSize}`,
        row.seatPositions.find((p) => p.position === k)?.winRate ?? null,
      ]),
    ),
  }));
  const series = sizes.map((row) => ({
    key: `s${row.tableSize}`,
    label: t('players', { count: Number(row.tableSize) }),
  }));
  return (
    <section className="stack" aria-label={t('seatsTitle')}>
      <ChartFigure
        title={t('seatsTitle')}
        summary={t('matchesCounted', { count: matches })}
        empty={matches === 0}
        legend={<Legend items={series.map((s, i) => ({ label: s.label, series: i + 1 }))} />}
        table={{
          columns: [
            { label: t('tableSize') },
            { label: t('position') },
            { label: t('matches'), numeric: true },
            { label: t('wins'), numeric: true },
            { label: t('winRate'), numeric: true },
            { label: t('fairShare'), numeric: true },
            { label: t('averagePlace'), numeric: true },
          ],
          rows: sizes.flatMap((row) =>
            row.seatPositions.map((p) => ({
              key: `${row.tableSize}-${p.position}`,
              cells: [
                t('players', { count: Number(row.tableSize) }),
                t('positionName', { position: p.position }),
                f.count(p.matches),
                f.count(p.wins),
                f.percent(p.winRate),
                f.percent(1 / Number(row.tableSize)),
                f.decimal(p.averagePlace),
              ],
            })),
          ),
        }}
      >
        <Bars
          data={data}
          x="position"
          series={series}
          tick={(k) => t('positionShort', { position: Number(k) })}
          value={f.percent}
          share
        />
      </ChartFigure>
      <p className="hint">{t('seatsHint')}</p>
      <QueryPanel document={StatsSeatPositionsDocument} variables={variables} />
    </section>
  );
}
