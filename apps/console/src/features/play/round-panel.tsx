'use client';

import { useTranslations } from 'next-intl';
import { pip } from '@/features/game/names';
import type { MatchView } from './use-live-match';

/**
 * The round in play: its number, palifico, and the bids so far, newest last. Not a live region: the table's
 * announcer says each bid and turn once.
 */
export function RoundPanel({ view, name }: { view: MatchView; name: (seat: string) => string }) {
  const t = useTranslations('play');
  const tt = useTranslations('table');
  const round = view.round;
  if (!round) return null;
  return (
    <section className="card" aria-labelledby="round-title">
      <h2 id="round-title">
        {tt('bidsOfRound', { number: round.number })}
        {round.palifico ? <span className="badge accent">{t('palifico')}</span> : null}
      </h2>
      {round.bids.length === 0 ? (
        <p className="muted">{t('noBids', { starter: name(round.starter) })}</p>
      ) : (
        <ol className="bids">
          {round.bids.map((bid, i) => (
            <li key={i}>
              {t('bidBy', { name: name(bid.by), quantity: bid.quantity, face: bid.face })}{' '}
              <span aria-hidden="true">{pip(bid.face)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
