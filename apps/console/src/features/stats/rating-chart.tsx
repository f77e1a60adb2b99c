'use client';

import { useTranslations } from 'next-intl';
import { ChartFigure, Legend } from './chart-figure';
import { TimeLines } from './charts';
import { useStatFormat } from './format';

export interface RatingLine {
  readonly label: string;
  readonly changes: readonly { readonly at: string; readonly after: number; readonly place: number }[];
}

/** Ratings over time, one line each; the table lists every point (who, when, rating, place in that match). */
export function RatingChart({ title, lines }: { title: string; lines: readonly RatingLine[] }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const results = lines.reduce((sum, line) => sum + line.changes.length, 0);
  const times = lines.flatMap((line) => line.changes.map((c) => Date.parse(c.at)));
  // Within two days the axis needs the time of day too (a new ladder, a busy evening).
  const short = Math.max(...times) - Math.min(...times) < 2 * 86_400_000;
  const series = lines.map((line) => ({
    label: line.label,
    points: line.changes.map((c) => ({ t: Date.parse(c.at), value: c.after })),
  }));
  return (
    <ChartFigure
      title={title}
      summary={t('ratingSummary', { count: results, lines: lines.length })}
      empty={results === 0}
      legend={<Legend items={lines.map((line, i) => ({ label: line.label, series: (i % 8) + 1 }))} />}
      table={{
        columns: [
          { label: t('who') },
          { label: t('when') },
          { label: t('rating'), numeric: true },
          { label: t('place'), numeric: true },
        ],
        rows: lines.flatMap((line) =>
          line.changes.map((c, i) => ({
            key: `${line.label}-${i}`,
            cells: [line.label, f.dateTime(c.at), f.count(c.after), f.count(c.place)],
          })),
        ),
      }}
    >
      <TimeLines
        series={series}
        date={(ms) => (short ? f.dateTime(ms) : f.date(ms))}
        value={(v) => f.count(v)}
      />
    </ChartFigure>
  );
}
