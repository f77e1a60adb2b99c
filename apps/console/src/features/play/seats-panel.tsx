'use client';

import { useTranslations } from 'next-intl';
import { Dice, Revolver } from '@/features/game/dice';
import { seatName } from './seat-name';
import type { MatchView } from './use-live-match';

/** Every seat: who, dice left (your own shown), the revolver's load, who is to act, who is out. */
export function SeatsPanel({ view }: { view: MatchView }) {
  const t = useTranslations('play');
  const tl = useTranslations('lobby');
  const level = (d: string) => tl(`difficulty${d.toUpperCase() as 'EASY' | 'MEDIUM' | 'HARD' | 'EXPERT'}`);
  const revolver = view.ruleset.toLowerCase() === 'revolver';
  return (
    <section className="card" aria-labelledby="seats-title">
      <h2 id="seats-title">{t('seats')}</h2>
      <ul className="seats">
        {view.seats.map((seat) => {
          const mine = seat.seat === view.me;
          const name = seatName(seat, t, level);
          return (
            <li
              key={seat.seat}
              className={`seat${seat.seat === view.toAct ? ' to-act' : ''}${seat.out ? ' out' : ''}`}
              aria-current={seat.seat === view.toAct ? 'step' : undefined}
            >
              <span className="seat-name">
                {name}
                {mine ? <span className="badge">{t('you')}</span> : null}
                {seat.seat === view.toAct ? <span className="badge accent">{t('toAct')}</span> : null}
                {seat.out ? <span className="badge">{t('out')}</span> : null}
              </span>
              {mine && view.myDice.length > 0 ? (
                <Dice dice={view.myDice} label={t('yourDice', { dice: view.myDice.join(', ') })} />
              ) : (
                <Dice dice={[]} hidden={seat.dice} label={t('diceLeft', { count: seat.dice })} />
              )}
              {revolver ? (
                <Revolver bullets={seat.bullets} label={t('bullets', { count: seat.bullets })} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
