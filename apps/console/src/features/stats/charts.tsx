'use client';

import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';

/** What every chart here shares: sized by its box (`.stats-chart`), no keyboard layer (the table is the way in). */
const FRAME = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 12, bottom: 4, left: 0 },
} as const;

type Row = Readonly<Record<string, number | string | null>>;

export interface Series {
  readonly key: string;
  readonly label: string;
}

/** The tooltip: the hovered category, then each series' value as the reader's language writes it. */
function TipBox({
  title,
  lines,
}: {
  title: ReactNode;
  lines: readonly { label: string; value: string; series: number }[];
}) {
  return (
    <div className="stats-tooltip">
      <p>{title}</p>
      {lines.map((line) => (
        <p key={line.label} className={`series-${line.series}`}>
          <span style={{ color: 'var(--text)' }}>
            {line.label}: {line.value}
          </span>
        </p>
      ))}
    </div>
  );
}

interface TipProps {
  readonly active?: boolean;
  readonly label?: string | number;
  readonly payload?: readonly { dataKey?: unknown; value?: unknown; name?: unknown }[];
}

interface BarsProps {
  readonly data: readonly Row[];
  readonly x: string;
  readonly series: readonly Series[];
  readonly tick: (value: string | number) => string;
  readonly value: (value: number) => string;
  readonly stacked?: boolean;
  /** Values are shares from 0 to 1. */
  readonly share?: boolean;
}

/** Bars per category (grouped, or stacked), one colour per series. */
export function Bars({ data, x, series, tick, value, stacked = false, share = false }: BarsProps) {
  const tip = ({ active, label, payload }: TipProps) =>
    active && payload?.length ? (
      <TipBox
        title={tick(label ?? '')}
        lines={series.map((s, i) => ({
          label: s.label,
          value: value(Number(payload.find((p) => p.dataKey === s.key)?.value ?? 0)),
          series: i + 1,
        }))}
      />
    ) : null;
  return (
    <BarChart {...FRAME} data={data as Row[]}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey={x} tickFormatter={tick} stroke="currentColor" />
      <YAxis tickFormatter={value} stroke="currentColor" width={48} domain={share ? [0, 1] : [0, 'auto']} />
      <Tooltip content={tip} cursor={{ fillOpacity: 0.1 }} />
      {series.map((s, i) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          className={`series-${i + 1}`}
          fill="currentColor"
          stackId={stacked ? 'stack' : undefined}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

export interface TimeSeries {
  readonly label: string;
  readonly points: readonly { readonly t: number; readonly value: number }[];
}

/** The series as one table keyed by time (`s0`, `s1`, … per series), as a line chart reads it; gaps are null. */
function byTime(series: readonly TimeSeries[]): Record<string, number | null>[] {
  const rows = new Map<number, Record<string, number | null>>();
  series.forEach((s, i) => {
    for (const point of s.points)
      rows.set(point.t, { ...(rows.get(point.t) ?? { t: point.t }), [`s${i}`]: point.value });
  });
  return [...rows.values()].sort((a, b) => (a['t'] ?? 0) - (b['t'] ?? 0));
}

// Points at one time share a row (the later wins), so two results at the same instant draw no line: show a dot.
const distinctTimes = (s: TimeSeries): number => new Set(s.points.map((p) => p.t)).size;

/** One line per series over time (ratings), each joined over the times it has no point at. */
export function TimeLines({
  series,
  date,
  value,
}: {
  series: readonly TimeSeries[];
  date: (t: number) => string;
  value: (v: number) => string;
}) {
  const tip = ({ active, label, payload }: TipProps) =>
    active && payload?.length ? (
      <TipBox
        title={date(Number(label))}
        lines={payload.map((p) => {
          const index = Number(String(p.dataKey).slice(1));
          return {
            label: series[index]?.label ?? '',
            value: value(Number(p.value)),
            series: (index % 8) + 1,
          };
        })}
      />
    ) : null;
  return (
    <LineChart {...FRAME} data={byTime(series)}>
      <CartesianGrid vertical={false} />
      <XAxis
        dataKey="t"
        type="number"
        scale="time"
        domain={['dataMin', 'dataMax']}
        tickFormatter={date}
        stroke="currentColor"
      />
      <YAxis domain={['auto', 'auto']} tickFormatter={value} stroke="currentColor" width={48} />
      <Tooltip content={tip} />
      {series.map((s, i) => (
        <Line
          key={s.label}
          dataKey={`s${i}`}
          name={s.label}
          className={`series-${(i % 8) + 1}`}
          stroke="currentColor"
          dot={distinctTimes(s) < 2 ? { fill: 'currentColor', r: 4 } : false}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

export interface CalibrationPoint {
  readonly chance: number;
  readonly right: number;
  readonly calls: number;
}

/**
 * Liar calls by the called bid's chance of holding (x) against how often the callers were right (y), each bin's point
 * sized by its calls; the line is where calls would fall if bids held exactly as often as the odds say (y = 1 − x).
 */
export function CalibrationPlot({
  points,
  value,
  tip,
}: {
  points: readonly CalibrationPoint[];
  value: (v: number) => string;
  tip: (p: CalibrationPoint) => ReactNode;
}) {
  const content = ({ active, payload }: TipProps) => {
    const point = (payload?.[0] as { payload?: CalibrationPoint } | undefined)?.payload;
    return active && point ? <div className="stats-tooltip">{tip(point)}</div> : null;
  };
  return (
    <ScatterChart {...FRAME}>
      <CartesianGrid />
      <XAxis
        dataKey="chance"
        type="number"
        domain={[0, 1]}
        ticks={[0, 0.25, 0.5, 0.75, 1]}
        tickFormatter={value}
        stroke="currentColor"
      />
      <YAxis
        dataKey="right"
        type="number"
        domain={[0, 1]}
        ticks={[0, 0.25, 0.5, 0.75, 1]}
        tickFormatter={value}
        stroke="currentColor"
        width={48}
      />
      <ZAxis dataKey="calls" type="number" range={[30, 400]} />
      <ReferenceLine
        segment={[
          { x: 0, y: 1 },
          { x: 1, y: 0 },
        ]}
        className="series-8"
        stroke="currentColor"
        strokeDasharray="4 4"
        ifOverflow="hidden"
      />
      <Tooltip content={content} />
      <Scatter
        data={points as CalibrationPoint[]}
        className="series-1"
        fill="currentColor"
        isAnimationActive={false}
      />
    </ScatterChart>
  );
}
