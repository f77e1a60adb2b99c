'use client';

import Link from 'next/link';
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import type { SummaryFieldsFragment } from '@/data/generated/graphql';
import { familyKey } from '@/features/game/names';
import { useListedSeatNames } from '@/features/play/use-seat-names';

interface Props {
  /** The id of the heading that names the list (the table's accessible name: no caption repeats it). */
  readonly labelledBy: string;
  readonly matches: readonly SummaryFieldsFragment[];
  readonly empty: string;
  /** What a row offers: join a lobby, or watch a table in play. */
  readonly action: 'join' | 'watch';
  readonly onJoin?: (id: string) => void;
}

/** The same day: the time alone; another: the date too (a server may let lobbies idle for days). */
function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/**
 * A list of matches as a table: family, who sits at each seat, free seats, opened, and for open lobbies when each
 * expires; each row joins or spectates.
 */
export function MatchTable({ labelledBy, matches, empty, action, onJoin }: Props) {
  const t = useTranslations('lobby');
  const tg = useTranslations('game');
  const format = useFormatter();
  const seatName = useListedSeatNames();
  const noteId = useId();
  if (matches.length === 0) return <p className="empty-note">{empty}</p>;
  // Open lobbies only: a table in play has no lobby left to expire.
  const expiries = action === 'join';
  const expiry = (at: number | null) => {
    if (at === null) return t('noExpiry');
    const when = new Date(at);
    const style = sameDay(when, new Date())
      ? ({ timeStyle: 'short' } as const)
      : ({ dateStyle: 'short', timeStyle: 'short' } as const);
    return <time dateTime={when.toISOString()}>{format.dateTime(when, style)}</time>;
  };
  return (
    <>
      {/* A row wider than its card (long seat names) scrolls in this box instead of spilling out of it. */}
      <div className="table-box">
        <table className="data" aria-labelledby={labelledBy} aria-describedby={expiries ? noteId : undefined}>
          <thead>
            <tr>
              <th scope="col">{t('family')}</th>
              <th scope="col">{t('players')}</th>
              <th scope="col">{t('freeSeats')}</th>
              <th scope="col">{t('opened')}</th>
              {expiries ? <th scope="col">{t('expires')}</th> : null}
              <th scope="col">
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.map((match) => (
              <tr key={match.id}>
                <td>
                  {tg(familyKey(match.family))}
                  {match.ranked ? <span className="badge">{t('ranked')}</span> : null}
                </td>
                <td>
                  <ul className="listed-seats">
                    {match.seats.map((seat, i) => (
                      <li key={i}>{seatName(seat)}</li>
                    ))}
                  </ul>
                </td>
                <td>{format.number(match.freeSeats)}</td>
                <td>
                  {format.dateTime(new Date(match.openedAt), { dateStyle: 'short', timeStyle: 'short' })}
                </td>
                {expiries ? <td>{expiry(match.lobbyExpiresAt)}</td> : null}
                <td>
                  {action === 'join' && onJoin ? (
                    <button type="button" onClick={() => onJoin(match.id)}>
                      {t('join')}
                    </button>
                  ) : (
                    <Link href={`/matches/${match.id}`}>{t('watch')}</Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {expiries ? (
        <p id={noteId} className="muted">
          {t('expiresNote')}
        </p>
      ) : null}
    </>
  );
}
