'use client';

import { useTranslations } from 'next-intl';
import { SeatRow } from '@/features/game/seat-row';
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
          const toAct = seat.seat === view.toAct;
          return (
            <SeatRow
              key={seat.seat}
              name={seatName(seat, t, level)}
              hand={mine ? view.myDice : null}
              dice={seat.dice}
              bullets={revolver ? seat.bullets : null}
              out={seat.out}
              toAct={toAct}
            >
              {mine ? <span className="badge">{t('you')}</span> : null}
              {toAct ? <span className="badge accent">{t('toAct')}</span> : null}
              {seat.out ? <span className="badge">{t('out')}</span> : null}
            </SeatRow>
          );
        })}
      </ul>
    </section>
  );
}
