'use client';

import { useTranslations } from 'next-intl';
import { Dice, Revolver } from '@/features/game/dice';
import { seatsOf, type Step } from './replay-types';

/** The table at this step: dice left per seat, the hands this view may see, the revolvers. */
export function ReplayTable({ step, name }: { step: Step; name: (seat: string) => string }) {
  const t = useTranslations('play');
  const round = step.state.round;
  const hands = round && 'dice' in round ? round.dice : null;
  const me = 'me' in step.state ? step.state.me : null;
  const revolver = step.state.ruleset === 'revolver';
  return (
    <ul className="seats compact" aria-label={t('seats')}>
      {seatsOf(step.state).map((seat) => {
        const hand =
          hands?.[seat.id] ?? (seat.id === me && 'myDice' in step.state ? step.state.myDice : null);
        const shown = hand && hand.length > 0 ? hand : null;
        return (
          <li
            key={seat.id}
            className={`seat${seat.out ? ' out' : ''}${'toAct' in step.state && step.state.toAct === seat.id ? ' to-act' : ''}`}
          >
            <span className="seat-name">{name(seat.id)}</span>
            {shown ? (
              <Dice dice={shown} label={t('handOf', { name: name(seat.id), dice: shown.join(', ') })} />
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
  );
}
