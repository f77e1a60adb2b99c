'use client';

import { useTranslations } from 'next-intl';
import type { MatchView } from '@/features/play/use-live-match';
import { TableCentre } from './table-centre';
import { lastBids, shownHand } from './table-facts';
import { placesOf } from './table-layout';
import { type SeatAtTable, TableSeat } from './table-seat';
import { TurnAnnouncer } from './turn-announcer';

type Name = (seat: string) => string;

function seatsAtTable(view: MatchView, name: Name): SeatAtTable[] {
  const places = placesOf(
    view.seats.map((s) => s.seat),
    view.me,
  );
  const bids = lastBids(view);
  const revolver = view.ruleset.toLowerCase() === 'revolver';
  const finished = view.status.toLowerCase() === 'finished';
  return view.seats.map((seat, i) => ({
    seat: seat.seat,
    name: name(seat.seat),
    place: places[i] ?? 'b',
    hand: shownHand(view, seat.seat),
    dice: seat.dice,
    bullets: revolver ? seat.bullets : null,
    out: seat.out,
    toAct: seat.seat === view.toAct,
    mine: seat.seat === view.me,
    free: seat.kind.toLowerCase() === 'human' && !seat.player && !seat.handedToCpu,
    bid: bids.get(seat.seat) ?? null,
    roundKey: view.round?.number ?? view.history.length,
    motion: finished ? 'flip' : view.round ? 'roll' : null,
  }));
}

/**
 * The table as players see it: the seats around an oval felt, the viewer's own at the bottom and the turn passing
 * clockwise; the felt in the middle holds the bid and whose turn it is. For a screen reader it is a list of the
 * seats in playing order, each saying its state in words, then the felt, and a live region for turns and bids.
 */
export function TableView({ view, name }: { view: MatchView; name: Name }) {
  const t = useTranslations('play');
  const tt = useTranslations('table');
  return (
    <section className="table-view" aria-labelledby="seats-title">
      <h2 id="seats-title" className="visually-hidden">
        {t('seats')}
      </h2>
      <div className="table-grid">
        <ol className="table-seats" aria-label={tt('seatsInOrder')}>
          {seatsAtTable(view, name).map((seat) => (
            <TableSeat key={seat.seat} seat={seat} />
          ))}
        </ol>
        <TableCentre view={view} name={name} />
      </div>
      <TurnAnnouncer view={view} name={name} />
    </section>
  );
}
