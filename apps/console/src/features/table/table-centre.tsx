'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { pip } from '@/features/game/names';
import type { MatchView } from '@/features/play/use-live-match';
import { currentBid, diceInPlay } from './table-facts';

type Name = (seat: string) => string;

/** The middle of the felt: the round, the bid on the table and who bid it, whose turn it is, the dice in play. */
export function TableCentre({ view, name }: { view: MatchView; name: Name }) {
  const t = useTranslations('table');
  const tp = useTranslations('play');
  const status = view.status.toLowerCase();
  const round = view.round;
  if (status !== 'bidding' || !round)
    return (
      <Felt>
        <p className="felt-bid">{idleText(view, name, t, tp)}</p>
      </Felt>
    );
  const bid = currentBid(view);
  return (
    <Felt>
      <p className="felt-round">
        {tp('round', { number: round.number })}
        {round.palifico ? <span className="badge accent">{tp('palifico')}</span> : null}
      </p>
      {bid ? (
        <p className="felt-bid">
          <span className="felt-label">{t('currentBid')}</span>
          <span className="bid-big">
            {tp('bidText', { quantity: bid.quantity, face: bid.face })}{' '}
            <span aria-hidden="true">{pip(bid.face)}</span>
          </span>
          <span>{t('bidder', { name: name(bid.by) })}</span>
        </p>
      ) : (
        <p className="felt-bid">{tp('noBids', { starter: name(round.starter) })}</p>
      )}
      <p className={`felt-turn${view.toAct !== null && view.toAct === view.me ? ' mine' : ''}`}>
        {view.toAct === null
          ? null
          : view.toAct === view.me
            ? t('yourTurn')
            : t('turnOf', { name: name(view.toAct) })}
      </p>
      <p className="felt-note">{t('diceOnTable', { count: diceInPlay(view) })}</p>
    </Felt>
  );
}

/** The oval itself (under the seats, which sit on its rim) and its middle, where the play is said. */
function Felt({ children }: { children: ReactNode }) {
  return (
    <div className="felt">
      <div className="felt-centre">{children}</div>
    </div>
  );
}

/** Before the first round, after the last, or between: what the felt says instead of a bid. */
function idleText(
  view: MatchView,
  name: Name,
  t: ReturnType<typeof useTranslations<'table'>>,
  tp: ReturnType<typeof useTranslations<'play'>>,
): string {
  const status = view.status.toLowerCase();
  if (status === 'finished') return tp('winner', { name: name(view.winner ?? '') });
  if (status === 'closed') return t('closed');
  if (status === 'lobby') {
    const free = view.seats.filter((s) => s.kind.toLowerCase() === 'human' && !s.player).length;
    return free > 0 ? t('waitingForSeats', { count: free }) : t('waitingForStart', { host: view.host });
  }
  return t('rolling');
}
