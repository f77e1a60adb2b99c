import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Dice, Revolver } from './dice';

interface Props {
  readonly name: string;
  /** The seat's dice when this viewer may see them; otherwise only how many it holds. */
  readonly hand: readonly number[] | null;
  readonly dice: number;
  readonly bullets: number | null;
  readonly out: boolean;
  readonly toAct: boolean;
  /** Badges after the name (you, to act, out…). */
  readonly children?: ReactNode;
}

/** One seat at a table, live or replayed: name, its dice (or blanks), its revolver when the family has one. */
export function SeatRow({ name, hand, dice, bullets, out, toAct, children }: Props) {
  const t = useTranslations('play');
  return (
    <li
      className={`seat${toAct ? ' to-act' : ''}${out ? ' out' : ''}`}
      aria-current={toAct ? 'step' : undefined}
    >
      <span className="seat-name">
        {name}
        {children}
      </span>
      {hand && hand.length > 0 ? (
        <Dice dice={hand} label={t('handOf', { name, dice: hand.join(', ') })} />
      ) : (
        <Dice dice={[]} hidden={dice} label={t('diceLeft', { count: dice })} />
      )}
      {bullets !== null ? <Revolver bullets={bullets} label={t('bullets', { count: bullets })} /> : null}
    </li>
  );
}
