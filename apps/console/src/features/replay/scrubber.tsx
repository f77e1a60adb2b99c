'use client';

import { useTranslations } from 'next-intl';
import { memo, useId } from 'react';
import type { Marker } from './step-facts';

/** Round and elimination marks under the scrubber: each is a button that jumps there. */
const Marks = memo(function Marks({
  markers,
  total,
  onJump,
}: {
  markers: readonly Marker[];
  total: number;
  onJump: (step: number) => void;
}) {
  const t = useTranslations('replay');
  return (
    <div className="marks">
      {markers
        .filter((m) => m.kind !== 'wrongCall')
        .map((m) => (
          <button
            key={`${m.kind}${m.step}`}
            type="button"
            tabIndex={-1}
            className={`mark ${m.kind}`}
            style={{ left: `${(m.step / Math.max(1, total - 1)) * 100}%` }}
            title={m.kind === 'round' ? t('roundMark', { round: m.round ?? 0 }) : t('eliminationMark')}
            aria-label={m.kind === 'round' ? t('roundMark', { round: m.round ?? 0 }) : t('eliminationMark')}
            onClick={() => onJump(m.step)}
          />
        ))}
    </div>
  );
});

export function Scrubber({
  step,
  total,
  markers,
  onJump,
}: {
  step: number;
  total: number;
  markers: readonly Marker[];
  onJump: (step: number) => void;
}) {
  const t = useTranslations('replay');
  const id = useId();
  return (
    <div className="scrubber">
      <label htmlFor={id} className="visually-hidden">
        {t('scrubber')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={Math.max(0, total - 1)}
        value={step}
        aria-valuetext={t('stepOf', { step: step + 1, total })}
        onChange={(e) => onJump(Number(e.target.value))}
      />
      <Marks markers={markers} total={total} onJump={onJump} />
    </div>
  );
}
