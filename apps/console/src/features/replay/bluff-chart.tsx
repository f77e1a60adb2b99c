'use client';

import { useTranslations } from 'next-intl';
import { memo, type MouseEvent } from 'react';
import type { BidPoint, Marker } from './step-facts';

const W = 800;
const H = 160;
const PAD = 8;

interface Props {
  readonly points: readonly BidPoint[];
  readonly markers: readonly Marker[];
  readonly total: number;
  readonly onJump: (step: number) => void;
}

const x = (step: number, total: number) => PAD + (step / Math.max(1, total - 1)) * (W - 2 * PAD);
const y = (chance: number) => PAD + (1 - chance) * (H - 2 * PAD);

/** The point's look: a bluff is a triangle; a bid known to have failed is hollow. */
function Point({ point, total }: { point: BidPoint; total: number }) {
  const cx = x(point.step, total);
  const cy = y(point.chance);
  const cls = `pt${point.held === false ? ' failed' : ''}${point.knowsHand ? '' : ' prior'}`;
  if (point.bluff)
    return (
      <path className={`${cls} bluff`} d={`M${cx} ${cy - 5} L${cx + 5} ${cy + 4} L${cx - 5} ${cy + 4} Z`} />
    );
  return <circle className={cls} cx={cx} cy={cy} r={3} />;
}

/**
 * The chance each bid held for its bidder, step by step, with bluffs, failed bids and wrong calls marked;
 * a click anywhere jumps to that step. Drawn once per view (the cursor is a separate layer).
 */
export const BluffChart = memo(function BluffChart({ points, markers, total, onJump }: Props) {
  const t = useTranslations('replay');
  const click = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = ((event.clientX - box.left) / box.width) * W;
    onJump(Math.round(((ratio - PAD) / (W - 2 * PAD)) * (total - 1)));
  };
  const line = points.map((p) => `${x(p.step, total).toFixed(1)},${y(p.chance).toFixed(1)}`).join(' ');
  const summary = t('chartSummary', {
    bids: points.length,
    bluffs: points.filter((p) => p.bluff).length,
    wrong: markers.filter((m) => m.kind === 'wrongCall').length,
  });
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      onClick={click}
      role="img"
      aria-label={summary}
    >
      <line className="half" x1={PAD} x2={W - PAD} y1={y(0.5)} y2={y(0.5)} />
      {markers
        .filter((m) => m.kind !== 'elimination')
        .map((m) => (
          <line
            key={`${m.kind}${m.step}`}
            className={m.kind === 'round' ? 'round-mark' : 'wrong-mark'}
            x1={x(m.step, total)}
            x2={x(m.step, total)}
            y1={PAD}
            y2={H - PAD}
          />
        ))}
      <polyline className="chance-line" points={line} />
      {points.map((p) => (
        <Point key={p.step} point={p} total={total} />
      ))}
    </svg>
  );
});

/** Where the replay stands, over the chart. */
export function ChartCursor({ step, total }: { step: number; total: number }) {
  return (
    <svg
      className="chart cursor-layer"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <line className="cursor" x1={x(step, total)} x2={x(step, total)} y1={0} y2={H} />
    </svg>
  );
}
