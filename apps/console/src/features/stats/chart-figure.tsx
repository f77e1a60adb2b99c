'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useState } from 'react';

/** A table's columns (the first heads each row) and rows (the first cell names the row). */
export interface TableSpec {
  readonly columns: readonly { readonly label: string; readonly numeric?: boolean }[];
  readonly rows: readonly { readonly key: string | number; readonly cells: readonly ReactNode[] }[];
}

/** The head and body of a table from its spec: column headers, and each row's first cell as its row header. */
export function TableBody({ spec }: { spec: TableSpec }) {
  const numeric = (i: number) => (spec.columns[i]?.numeric ? 'number' : undefined);
  return (
    <>
      <thead>
        <tr>
          {spec.columns.map((column, i) => (
            <th key={column.label} scope="col" className={numeric(i)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {spec.rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i} className={numeric(i)}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </>
  );
}

interface Props {
  readonly title: string;
  /** What the chart rests on (sample sizes), shown under the title. */
  readonly summary: string;
  /** The same numbers as a table: the chart's alternative for screen readers. */
  readonly table: TableSpec;
  /** Nothing counted yet: the chart gives way to a sentence; the table stays (empty). */
  readonly empty?: boolean;
  readonly legend?: ReactNode;
  readonly children: ReactNode;
}

/**
 * One chart of the analyst pages: its title and sample size, the chart (hidden from screen readers) and the same
 * numbers as a table, read by screen readers always and shown to everyone on demand.
 */
export function ChartFigure({ title, summary, table, empty = false, legend, children }: Props) {
  const t = useTranslations('stats');
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <figure className="stats-figure card" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="hint">{summary}</p>
      </figcaption>
      {empty ? (
        <p className="muted">{t('noData')}</p>
      ) : (
        <>
          {legend}
          <div className="stats-chart" aria-hidden="true">
            {children}
          </div>
        </>
      )}
      <button type="button" className="linkish" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {t('showTable')}
      </button>
      <div
        className={shown ? 'table-scroll' : 'visually-hidden'}
        role="region"
        aria-label={t('tableOf', { title })}
        tabIndex={shown ? 0 : undefined}
      >
        <table className="data">
          <caption>{title}</caption>
          <TableBody spec={table} />
        </table>
      </div>
    </figure>
  );
}

/** The chart's colours as text: one item per series, coloured as its bars or lines. */
export function Legend({ items }: { items: readonly { label: string; series: number }[] }) {
  return (
    <ul className="stats-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className={`series-${item.series}`}>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
