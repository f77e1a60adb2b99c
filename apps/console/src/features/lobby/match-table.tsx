'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import type { SummaryFieldsFragment } from '@/data/generated/graphql';
import { familyKey } from '@/features/game/names';
import { listedPlayer } from '@/features/play/seat-name';

interface Props {
  readonly caption: string;
  readonly matches: readonly SummaryFieldsFragment[];
  readonly empty: string;
  /** What a row offers: join a lobby, or watch a table in play. */
  readonly action: 'join' | 'watch';
  readonly onJoin?: (id: string) => void;
}

/** A list of matches as a table: family, players, seats, opened; each row joins or spectates. */
export function MatchTable({ caption, matches, empty, action, onJoin }: Props) {
  const t = useTranslations('lobby');
  const tg = useTranslations('game');
  const format = useFormatter();
  if (matches.length === 0) return <p className="muted">{empty}</p>;
  return (
    <table className="data">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('family')}</th>
          <th scope="col">{t('players')}</th>
          <th scope="col">{t('freeSeats')}</th>
          <th scope="col">{t('opened')}</th>
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
            <td>{match.players.map((p) => listedPlayer(p, t)).join(', ')}</td>
            <td>{format.number(match.freeSeats)}</td>
            <td>{format.dateTime(new Date(match.openedAt), { dateStyle: 'short', timeStyle: 'short' })}</td>
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
  );
}
