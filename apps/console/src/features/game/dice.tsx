import { useTranslations } from 'next-intl';
import { pip } from './names';

/** A hand of dice; counted ones are highlighted (a reveal), hidden ones are blank squares. */
export function Dice({
  dice,
  hidden = 0,
  highlight,
  label,
}: {
  dice: readonly number[];
  hidden?: number;
  highlight?: (die: number) => boolean;
  label: string;
}) {
  const t = useTranslations('game');
  return (
    <span className="dice" role="img" aria-label={label}>
      {dice.map((die, i) => (
        <span
          key={i}
          className={`die${highlight?.(die) ? ' counted' : ''}`}
          title={t('dieFace', { face: die })}
        >
          {pip(die)}
        </span>
      ))}
      {Array.from({ length: hidden }, (_, i) => (
        <span key={`h${i}`} className="die hidden-die" aria-hidden="true">
          ■
        </span>
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
