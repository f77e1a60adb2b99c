'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TournamentView } from './use-live-tournament';

type Table = TournamentView['rounds'][number]['tables'][number];

/** Every round so far (a draft only when the server shows it to this viewer), each table with its match. */
export function RoundsPanel({ view }: { view: TournamentView }) {
  const t = useTranslations('tournaments');
  if (view.rounds.length === 0) return null;
  return (
    <section className="card" aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t('rounds')}</h2>
      {[...view.rounds].reverse().map((round) => (
        <section key={round.round} aria-labelledby={`round-${round.round}`}>
          <h3 id={`round-${round.round}`}>
            {t('roundTitle', { round: round.round, stage: t(`stage.${round.stage}`) })}{' '}
            <span className="badge">{t(`roundStatus.${round.status}`)}</span>
          </h3>
          <ul className="tables">
            {round.tables.map((table) => (
              <li key={table.table}>
                <TableEntry table={table} me={view.me?.id} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** A table: its players with their places, and its match — to play (your seat), watch, or replay. */
function TableEntry({ table, me }: { table: Table; me: string | undefined }) {
  const t = useTranslations('tournaments');
  const placeOf = (player: string) => table.results?.find((r) => r.player === player);
  const match = table.matchId ? encodeURIComponent(table.matchId) : null;
  return (
    <>
      <strong>{t('tableN', { table: table.table })}</strong> <span className="badge">{t(`tableStatus.${table.status}`)}</span>{' '}
      {table.players
        .map((p) => {
          const r = placeOf(p.id);
          return r ? t('placed', { name: p.name, place: r.place, points: r.points }) : p.name;
        })
        .join(', ')}{' '}
      {match ? (
        <>
          {table.status === 'PLAYING' ? (
            <Link href={`/matches/${match}`}>{t(table.players.some((p) => p.id === me) ? 'playTable' : 'watchTable', { table: table.table })}</Link>
          ) : null}{' '}
          <Link href={`/matches/${match}/replay`}>{t('replayTable', { table: table.table })}</Link>
        </>
      ) : null}
    </>
  );
}
