import { useTranslations } from 'next-intl';
import type { CSSProperties } from 'react';
import { pip } from './names';

/**
 * How dice come onto the table: `roll` tumbles them in (a round's new hands), `flip` turns them face up (a reveal).
 * Both only play once per mount, so the caller keys the dice by round; `prefers-reduced-motion` stops both (CSS).
 */
export type DiceMotion = 'roll' | 'flip' | null;

/** A hand of dice; counted ones are highlighted (a reveal), hidden ones are blank squares. */
export function Dice({
  dice,
  hidden = 0,
  highlight,
  label,
  motion = null,
  delay = 0,
}: {
  dice: readonly number[];
  hidden?: number;
  highlight?: (die: number) => boolean;
  label: string;
  motion?: DiceMotion;
  /** Milliseconds before the first die moves (a reveal turns hands over one after another). */
  delay?: number;
}) {
  const t = useTranslations('game');
  const moving = motion ? ` ${motion}` : '';
  const at = (i: number) => ({ '--die-delay': `${delay + i * 70}ms` }) as CSSProperties;
  return (
    <span className="dice" role="img" aria-label={label}>
      {dice.map((die, i) => (
        <span
          key={i}
          className={`die${highlight?.(die) ? ' counted' : ''}${moving}`}
          style={at(i)}
          title={t('dieFace', { face: die })}
        >
          {pip(die)}
        </span>
      ))}
      {Array.from({ length: hidden }, (_, i) => (
        <span key={`h${i}`} className={`die hidden-die${moving}`} style={at(i)} aria-hidden="true" />
      ))}
    </span>
  );
}

/** The six chambers of a seat's revolver: loaded ones filled. */
export function Revolver({ bullets, label }: { bullets: number; label: string }) {
  return (
    <span className="revolver" role="img" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <span key={i} className={`chamber${i < bullets ? ' loaded' : ''}`} aria-hidden="true" />
      ))}
    </span>
  );
}
