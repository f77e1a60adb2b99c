'use client';

import { useTranslations } from 'next-intl';
import { StatsCpuResultsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure, Legend } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';
import type { StatsChoice } from './stats-choice';

const LEVELS = ['EASY', 'MEDIUM', 'HARD', 'EXPERT'] as const;
type Level = (typeof LEVELS)[number];
const levelKey = (level: string) =>
  `level${level.charAt(0)}${level.slice(1).toLowerCase()}` as
    'levelEasy' | 'levelMedium' | 'levelHard' | 'levelExpert';

/** CPU levels against people: each level's win rate beside an equal seat's, and how often it placed above a person. */
export function CpuResults({ choice }: { choice: StatsChoice }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = { family: choice.family };
  const [result] = useData({ query: StatsCpuResultsDocument, variables });
  const rows = (result.data?.cpuResults ?? []).filter((row) => row.family === (choice.family ?? 'all'));
  rows.sort((a, b) => LEVELS.indexOf(a.level as Level) - LEVELS.indexOf(b.level as Level));
  const seats = rows.reduce((sum, row) => sum + row.seats, 0);
  const series = [
    { key: 'winRate', label: t('winRate') },
    { key: 'fairWinRate', label: t('fairShare') },
    { key: 'aheadRate', label: t('aheadRate') },
  ];
  const data = rows.map((row) => ({
    level: t(levelKey(row.level)),
    winRate: row.winRate ?? 0,
    fairWinRate: row.fairWinRate ?? 0,
    aheadRate: row.aheadRate ?? 0,
  }));
  return (
    <section className="stack" aria-label={t('cpuTitle')}>
      <ChartFigure
        title={t('cpuTitle')}
        summary={t('cpuSummary', { count: seats })}
        empty={seats === 0}
        legend={<Legend items={series.map((s, i) => ({ label: s.label, series: i + 1 }))} />}
        table={{
          columns: [
            { label: t('level') },
            { label: t('cpuSeats'), numeric: true },
            { label: t('wins'), numeric: true },
            { label: t('winRate'), numeric: true },
            { label: t('fairShare'), numeric: true },
            { label: t('pairs'), numeric: true },
            { label: t('aheadRate'), numeric: true },
            { label: t('averagePlace'), numeric: true },
          ],
          rows: rows.map((row) => ({
            key: row.level,
            cells: [
              t(levelKey(row.level)),
              f.count(row.seats),
              f.count(row.wins),
              f.percent(row.winRate),
              f.percent(row.fairWinRate),
              f.count(row.pairs),
              f.percent(row.aheadRate),
              f.decimal(row.averagePlace),
            ],
          })),
        }}
      >
        <Bars data={data} x="level" series={series} tick={String} value={f.percent} share />
      </ChartFigure>
      <p className="hint">{t('cpuHint')}</p>
      <QueryPanel document={StatsCpuResultsDocument} variables={variables} />
    </section>
  );
}
