'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { Difficulty } from '@/data/generated/graphql';
import { DIFFICULTIES, type MatchPlan, type SeatPlan } from './match-plan';

interface Props {
  readonly plan: MatchPlan;
  readonly onChange: (plan: MatchPlan) => void;
}

/** Seat 1 is the host; every other seat waits for a human or is a CPU with its own difficulty. */
export function SeatFields({ plan, onChange }: Props) {
  const t = useTranslations('lobby');
  const base = useId();
  const setSeat = (index: number, seat: SeatPlan) =>
    onChange({ ...plan, others: plan.others.map((s, i) => (i === index ? seat : s)) });
  return (
    <fieldset>
      <legend>{t('seats')}</legend>
      <p>{t('seatYou')}</p>
      {plan.others.map((seat, index) => (
        <div className="seat-row" key={index}>
          <label htmlFor={`${base}-kind-${index}`}>{t('seatN', { n: index + 2 })}</label>
          <select
            id={`${base}-kind-${index}`}
            value={seat.kind}
            disabled={plan.ranked}
            onChange={(e) => setSeat(index, { ...seat, kind: e.target.value as SeatPlan['kind'] })}
          >
            <option value="CPU">{t('cpu')}</option>
            <option value="HUMAN">{t('human')}</option>
          </select>
          {seat.kind === 'CPU' ? (
            <>
              <label htmlFor={`${base}-level-${index}`} className="visually-hidden">
                {t('difficultyOf', { n: index + 2 })}
              </label>
              <select
                id={`${base}-level-${index}`}
                value={seat.difficulty}
                onChange={(e) => setSeat(index, { ...seat, difficulty: e.target.value as Difficulty })}
              >
                {DIFFICULTIES.map((level) => (
                  <option key={level} value={level}>
                    {t(`difficulty${level}`)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
