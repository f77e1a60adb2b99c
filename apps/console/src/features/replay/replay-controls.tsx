'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { type ReactNode, useId } from 'react';
import { parseView, type ReplayView, viewParam } from './replay-types';
import { SPEEDS, type useReplayController } from './use-replay-controller';

interface Props {
  readonly view: ReplayView;
  readonly setView: (view: ReplayView) => void;
  readonly seats: readonly string[];
  /** Whether this caller may ask for a view (the server decides; this only greys out what it would refuse). */
  readonly allowed: (view: string) => boolean;
  readonly name: (seat: string) => string;
  readonly current: ReturnType<typeof useReplayController>;
  readonly onHelp: () => void;
  readonly children: ReactNode;
}

/** View, step buttons, play/pause, speed, wrong-call jump and the keys dialog: every key has a button too. */
export function ReplayControls({ view, setView, seats, allowed, name, current, onHelp, children }: Props) {
  const t = useTranslations('replay');
  const format = useFormatter();
  const ids = { view: useId(), speed: useId() };
  return (
    <div className="controls" role="group" aria-label={t('controls')}>
      <label htmlFor={ids.view}>{t('view')}</label>
      <select id={ids.view} value={viewParam(view)} onChange={(e) => setView(parseView(e.target.value))}>
        <option value="public">{t('viewPublic')}</option>
        {seats.map((seat) => (
          <option key={seat} value={`seat:${seat}`} disabled={!allowed(`seat:${seat}`)}>
            {t('viewSeat', { name: name(seat) })}
          </option>
        ))}
        <option value="full" disabled={!allowed('full')}>
          {t('viewFull')}
        </option>
      </select>
      <button type="button" onClick={() => current.actions.edge('start')} aria-label={t('first')}>
        «
      </button>
      <button type="button" onClick={() => current.actions.step(-1)} aria-label={t('previous')}>
        ‹
      </button>
      <button
        type="button"
        onClick={current.actions.togglePlay}
        aria-label={current.playing ? t('pause') : t('play')}
      >
        {current.playing ? '❚❚' : '▶'}
      </button>
      <button type="button" onClick={() => current.actions.step(1)} aria-label={t('next')}>
        ›
      </button>
      <button type="button" onClick={() => current.actions.edge('end')} aria-label={t('last')}>
        »
      </button>
      <label htmlFor={ids.speed}>{t('speed')}</label>
      <select id={ids.speed} value={current.speed} onChange={(e) => current.setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {format.number(s)}×
          </option>
        ))}
      </select>
      <button type="button" onClick={() => current.actions.wrongCall(1)}>
        {t('nextWrongCall')}
      </button>
      <button type="button" onClick={onHelp} aria-haspopup="dialog">
        {t('keys')}
      </button>
      <span className="muted" aria-live="polite">
        {children}
      </span>
    </div>
  );
}
