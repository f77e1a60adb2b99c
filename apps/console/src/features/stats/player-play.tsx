'use client';

import { useTranslations } from 'next-intl';
import { StatsPlayerPlayDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure, Legend } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { NO_PLAY, playFigures } from './play-figures';
import { QueryPanel } from './query-panel';

/** A player's calls (liar and spot-on: made, and how many were right) and bluffs (made, challenged, caught). */
export function PlayerPlay({ player, family }: { player: string; family: string | null }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = { player };
  const [result] = useData({ query: StatsPlayerPlayDocument, variables });
  const row = result.data?.playerStats.find((s) => s.family === (family ?? 'all'));
  const { calls, bluffs } = playFigures(row ?? NO_PLAY, {
    liar: t('liarCalls'),
    spotOn: t('spotOnCalls'),
    bids: t('bids'),
    bluffs: t('bluffs'),
    challenged: t('bluffsChallenged'),
    caught: t('bluffsCaught'),
  });
  const callSeries = [
    { key: 'made', label: t('made') },
    { key: 'right', label: t('right') },
  ];
  return (
    <section className="stack" aria-label={t('playTitle')}>
      <div className="stats-grid">
        <ChartFigure
          title={t('callsTitle')}
          summary={t('callsSummary', { count: calls[0]?.made ?? 0, spotOn: calls[1]?.made ?? 0 })}
          empty={calls.every((c) => c.made === 0)}
          legend={<Legend items={callSeries.map((s, i) => ({ label: s.label, series: i + 1 }))} />}
          table={{
            columns: [
              { label: t('call') },
              { label: t('made'), numeric: true },
              { label: t('right'), numeric: true },
              { label: t('successRate'), numeric: true },
            ],
            rows: calls.map((c) => ({
              key: c.kind,
              cells: [c.kind, f.count(c.made), f.count(c.right), f.percent(c.rate)],
            })),
          }}
        >
          <Bars data={calls} x="kind" series={callSeries} tick={String} value={f.count} />
        </ChartFigure>
        <ChartFigure
          title={t('bluffsTitle')}
          summary={t('bluffsSummary', {
            rate: f.percent(row?.bluffRate),
            caught: f.percent(row?.bluffCaughtRate),
          })}
          empty={(row?.bids ?? 0) === 0}
          table={{
            columns: [{ label: t('what') }, { label: t('count'), numeric: true }],
            rows: bluffs.map((b) => ({ key: b.what, cells: [b.what, f.count(b.count)] })),
          }}
        >
          <Bars
            data={bluffs}
            x="what"
            series={[{ key: 'count', label: t('count') }]}
            tick={String}
            value={f.count}
          />
        </ChartFigure>
      </div>
      <QueryPanel document={StatsPlayerPlayDocument} variables={variables} />
    </section>
  );
}
