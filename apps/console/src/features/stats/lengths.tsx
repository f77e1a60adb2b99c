'use client';

import { useTranslations } from 'next-intl';
import { StatsLengthsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';
import { familyVariables, rowFor } from './rows';
import type { StatsChoice } from './stats-choice';

interface Bin {
  readonly from: number;
  readonly to?: number | null;
  readonly count: number;
}

type Unit = 'unitRounds' | 'unitMinutes' | 'unitBids' | 'unitSeconds';

/** One histogram: bars per bin, and the bins as a table. */
function Histogram({
  title,
  bins,
  unit,
  of,
}: {
  title: string;
  bins: readonly Bin[];
  unit: Unit;
  of: 'matchesCounted' | 'roundsCounted';
}) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const label = (bin: Bin) =>
    bin.to === null || bin.to === undefined
      ? t('binFrom', { from: bin.from })
      : bin.to - bin.from === 1
        ? String(bin.from)
        : t('binRange', { from: bin.from, to: bin.to - 1 });
  const data = bins.map((bin) => ({ bin: label(bin), count: bin.count }));
  return (
    <ChartFigure
      title={title}
      summary={t(of, { count: total })}
      empty={total === 0}
      table={{
        columns: [{ label: t(unit) }, { label: t('count'), numeric: true }],
        rows: data.map((row) => ({ key: row.bin, cells: [row.bin, f.count(row.count)] })),
      }}
    >
      <Bars
        data={data}
        x="bin"
        series={[{ key: 'count', label: t('count') }]}
        tick={String}
        value={f.count}
      />
    </ChartFigure>
  );
}

/** Match and round lengths: rounds and minutes per match, bids and seconds per round. */
export function Lengths({ choice }: { choice: StatsChoice }) {
  const t = useTranslations('stats');
  const variables = familyVariables(choice);
  const [result] = useData({ query: StatsLengthsDocument, variables });
  const row = rowFor(result.data?.globalStats, choice);
  return (
    <section className="stack" aria-label={t('lengthsTitle')}>
      <div className="stats-grid">
        <Histogram
          title={t('matchRoundsTitle')}
          bins={row?.matchRounds ?? []}
          unit="unitRounds"
          of="matchesCounted"
        />
        <Histogram
          title={t('matchMinutesTitle')}
          bins={row?.matchMinutes ?? []}
          unit="unitMinutes"
          of="matchesCounted"
        />
        <Histogram
          title={t('roundBidsTitle')}
          bins={row?.roundBids ?? []}
          unit="unitBids"
          of="roundsCounted"
        />
        <Histogram
          title={t('roundSecondsTitle')}
          bins={row?.roundSeconds ?? []}
          unit="unitSeconds"
          of="roundsCounted"
        />
      </div>
      <QueryPanel document={StatsLengthsDocument} variables={variables} />
    </section>
  );
}
