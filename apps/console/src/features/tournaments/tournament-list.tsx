'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf } from '@/data/commands';
import type { TournamentStatus } from '@/data/generated/graphql';
import { audienceOf } from '@/data/session';
import { useSession } from '@/data/session-context';
import { familyKey } from '@/features/game/names';
import { ProblemNote } from '@/ui/problem-note';
import { useLiveTournamentList } from './use-live-tournament-list';

const STATUSES: readonly TournamentStatus[] = ['REGISTRATION', 'RUNNING', 'FINISHED', 'CANCELLED'];

/** Tournaments, latest start first, filtered by status; live through `tournamentListUpdated` (use-live-tournament-list.ts). */
export function TournamentList() {
  const t = useTranslations('tournaments');
  const tg = useTranslations('game');
  const format = useFormatter();
  const { session } = useSession();
  const [status, setStatus] = useState<TournamentStatus | ''>('');
  const list = useLiveTournamentList(status ? { status } : null, 50);
  const nodes = list.data?.tournaments.nodes ?? [];
  const organiser = ['organiser', 'admin'].includes(audienceOf(session));
  return (
    <section className="card" aria-labelledby="tournaments-title">
      <h1 id="tournaments-title">{t('listTitle')}</h1>
      {organiser ? (
        <p>
          <Link className="button primary" href="/tournaments/new">
            {t('createTitle')}
          </Link>
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="t-status">{t('statusFilter')}</label>
        <select id="t-status" value={status} onChange={(e) => setStatus(e.target.value as TournamentStatus | '')}>
          <option value="">{t('allStatuses')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <ProblemNote problem={problemOf(list.error)} />
      {list.data && nodes.length === 0 ? <p className="muted">{t('listEmpty')}</p> : null}
      {nodes.length > 0 ? (
        <table className="data">
          <caption>{t('listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('family')}</th>
              <th scope="col">{t('formatLegend')}</th>
              <th scope="col">{t('statusLabel')}</th>
              <th scope="col">{t('players')}</th>
              <th scope="col">{t('startsAt')}</th>
              <th scope="col">{t('winner')}</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((x) => (
              <tr key={x.id}>
                <td>
                  <Link href={`/tournaments/${encodeURIComponent(x.id)}`}>{x.name}</Link>
                  {x.ranked ? <span className="badge">{t('ranked')}</span> : null}
                </td>
                <td>{tg(familyKey(x.family))}</td>
                <td>{t(`format.${x.format}`)}</td>
                <td>{t(`status.${x.status}`)}</td>
                <td>{t('entrantsOf', { entrants: x.entrants, capacity: x.capacity })}</td>
                <td>{format.dateTime(new Date(x.startsAt), { dateStyle: 'short', timeStyle: 'short' })}</td>
                <td>{x.winner ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
