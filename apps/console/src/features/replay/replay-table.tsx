'use client';

import { useTranslations } from 'next-intl';
import { SeatRow } from '@/features/game/seat-row';
import { seatsOf, type Step } from './replay-types';

/** The hands this view may see at this step: every hand (full state) or the seat's own (`myDice`). */
function handOf(step: Step, seat: string): readonly number[] | null {
  const round = step.state.round;
  if (round && 'dice' in round) return round.dice[seat] ?? null;
  return 'me' in step.state && step.state.me === seat ? step.state.myDice : null;
}

/** The table at this step: dice left per seat, the hands this view may see, the revolvers. */
export function ReplayTable({ step, name }: { step: Step; name: (seat: string) => string }) {
  const t = useTranslations('play');
  const toAct = 'toAct' in step.state ? step.state.toAct : null;
  const revolver = step.state.ruleset === 'revolver';
  return (
    <ul className="seats compact" aria-label={t('seats')}>
      {seatsOf(step.state).map((seat) => (
        <SeatRow
          key={seat.id}
          name={name(seat.id)}
          hand={handOf(step, seat.id)}
          dice={seat.dice}
          bullets={revolver ? seat.bullets : null}
          out={seat.out}
          toAct={seat.id === toAct}
        />
      ))}
    </ul>
  );
}
