'use client';

import { useTranslations } from 'next-intl';
import { Dice } from '@/features/game/dice';
import { counts } from '@/features/game/odds';
import type { RevealedRoundFieldsFragment } from '@/data/generated/graphql';

type Translate = ReturnType<typeof useTranslations<'play'>>;

/** One hand turns over after another, names in one column and dice in the next. */
const HAND_DELAY_MS = 300;

function callText(t: Translate, call: string, name: string): string {
  if (call === 'spot-on') return t('call_spotOn', { name });
  return call === 'liar' ? t('call_liar', { name }) : t('call_other', { name });
}

function EndSummary({
  end,
  name,
}: {
  end: NonNullable<RevealedRoundFieldsFragment['end']>;
  name: (seat: string) => string;
}) {
  const t = useTranslations('play');
  return (
    <p>
      {end.losers.length > 0 ? t('losers', { names: end.losers.map(name).join(', ') }) : null}{' '}
      {end.shots.map((shot, i) => (
        <span key={i}>
          {t(shot.fatal ? 'shotFatal' : 'shotSurvived', {
            name: name(shot.player),
            bullets: shot.bullets,
          })}{' '}
        </span>
      ))}
      {end.eliminated.length > 0 ? t('eliminated', { names: end.eliminated.map(name).join(', ') }) : null}
    </p>
  );
}

/**
 * A round's reveal: every hand, the dice that count for the called bid highlighted (they turn over one hand
 * after another), the count against the bid, who lost, and the revolver's shots.
 */
export function RevealPanel({
  round,
  wildOnes,
  name,
}: {
  round: RevealedRoundFieldsFragment;
  wildOnes: boolean;
  name: (seat: string) => string;
}) {
  const t = useTranslations('play');
  const end = round.end;
  const bid = end?.bid ?? null;
  const wild = wildOnes && !round.palifico;
  return (
    <section className="card reveal" aria-labelledby={`reveal-${round.number}`} key={round.number}>
      <h2 id={`reveal-${round.number}`}>{t('reveal', { number: round.number })}</h2>
      {end && bid ? (
        <p className="reveal-result" aria-live="polite">
          {callText(t, end.call, name(end.by))}{' '}
          {t('countAgainst', { count: end.count ?? 0, quantity: bid.quantity, face: bid.face })}{' '}
          <strong>{end.holds ? t('bidHeld') : t('bidFailed')}</strong>
        </p>
      ) : null}
      <ul className="hands">
        {round.hands.map((hand, i) => (
          <li key={hand.seat} className="hand">
            <span className="seat-name">{name(hand.seat)}</span>
            <Dice
              dice={hand.dice}
              highlight={bid ? (die) => counts(die, bid.face, wild) : undefined}
              label={t('handOf', { name: name(hand.seat), dice: hand.dice.join(', ') })}
              motion="flip"
              delay={i * HAND_DELAY_MS}
            />
          </li>
        ))}
      </ul>
      {end ? <EndSummary end={end} name={name} /> : null}
    </section>
  );
}
