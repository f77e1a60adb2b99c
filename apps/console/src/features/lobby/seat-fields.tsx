'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Difficulty } from '@/data/generated/graphql';
import { badSeatNames, DIFFICULTIES, type MatchPlan, type SeatPlan } from './match-plan';

interface Props {
  readonly plan: MatchPlan;
  readonly onChange: (plan: MatchPlan) => void;
  /** The host tried to create the match: every refused name shows its problem, not only those left already. */
  readonly tried: boolean;
  /** The form's id prefix for the seats' fields. */
  readonly base: string;
}

/** The id of seat `index`'s name field (the form moves focus to the first refused one). */
export const seatNameId = (base: string, index: number): string => `${base}-name-${index}`;

/**
 * Seat 1 is the host; every other seat waits for a human or is a CPU with its own difficulty and, optionally, a
 * name. A name the API would refuse says so under its field once the host leaves it (or tries to create).
 */
export function SeatFields({ plan, onChange, tried, base }: Props) {
  const t = useTranslations('lobby');
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const bad = new Set(badSeatNames(plan));
  const refused = (index: number) => bad.has(index) && (tried || left.has(index));
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
              <label htmlFor={seatNameId(base, index)} className="visually-hidden">
                {t('cpuNameOf', { n: index + 2 })}
              </label>
              <input
                id={seatNameId(base, index)}
                value={seat.name}
                placeholder={t('cpuNamePlaceholder')}
                autoComplete="off"
                aria-invalid={refused(index)}
                aria-describedby={`${seatNameId(base, index)}-problem`}
                onChange={(e) => setSeat(index, { ...seat, name: e.target.value })}
                onBlur={() => setLeft(new Set(left).add(index))}
              />
              <span id={`${seatNameId(base, index)}-problem`} className="problems" aria-live="polite">
                {refused(index) ? t('cpuNameRefused') : null}
              </span>
            </>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
