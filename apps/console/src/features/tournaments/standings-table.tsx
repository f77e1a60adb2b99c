'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { problemOf } from '@/data/commands';
import { StandingsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';

/** Every player ranked, with the criterion that decided each place and the API's explanation in words. */
export function StandingsTable({ id, revision }: { id: string; revision: string }) {
  const t = useTranslations('tournaments');
  const format = useFormatter();
  const [standings, refetch] = useData({ query: StandingsDocument, variables: { id }, requestPolicy: 'network-only' });
  // The tournament view moved on (a result, a withdrawal): the standings are read again.
  useEffect(() => refetch({ requestPolicy: 'network-only' }), [revision, refetch]);
  const rows = standings.data?.standings ?? [];
  return (
    <section className="card" aria-labelledby="standings-title">
      <h2 id="standings-title">{t('standings')}</h2>
      <p className="hint">{t('standingsHint')}</p>
      <ProblemNote problem={problemOf(standings.error)} />
      {standings.data && rows.length === 0 ? <p className="muted">{t('noStandings')}</p> : null}
      {rows.length > 0 ? (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">{t('rank')}</th>
              <th scope="col">{t('player')}</th>
              <th scope="col">{t('points')}</th>
              <th scope="col">{t('opponentsAverage')}</th>
              <th scope="col">{t('headToHead')}</th>
              <th scope="col">{t('decidedBy')}</th>
              <th scope="col">{t('explanation')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.player}>
                <td>{format.number(s.rank)}</td>
                <td>
                  {s.name}
                  {s.status !== 'ACTIVE' && s.status !== 'REGISTERED' ? <span className="badge">{t(`entrant.${s.status}`)}</span> : null}
                </td>
                <td>{format.number(s.points)}</td>
                <td>{format.number(s.opponentsAverage, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td>
                <td>{format.number(s.headToHead, { signDisplay: 'exceptZero' })}</td>
                <td>{s.decidedBy ? t(`tieBreak.${s.decidedBy}`) : '—'}</td>
                <td className="explanation">{s.explanation}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
