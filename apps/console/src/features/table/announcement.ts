import type { useTranslations } from 'next-intl';
import type { MatchFieldsFragment } from '@/data/generated/graphql';
import { currentBid } from './table-facts';

/** What a screen reader hears as play goes on: the latest bid (or who opens), then whose turn it is. */
export function turnAnnouncement(
  view: MatchFieldsFragment,
  name: (seat: string) => string,
  t: ReturnType<typeof useTranslations<'table'>>,
): string {
  const round = view.round;
  if (view.status.toLowerCase() !== 'bidding' || !round) return '';
  const bid = currentBid(view);
  const said = bid
    ? t('announceBid', { name: name(bid.by), quantity: bid.quantity, face: bid.face })
    : t('announceOpening', { number: round.number, name: name(round.starter) });
  if (view.toAct === null) return said;
  return `${said} ${view.toAct === view.me ? t('announceYourTurn') : t('announceTurnOf', { name: name(view.toAct) })}`;
}
