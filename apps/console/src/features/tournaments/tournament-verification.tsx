'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf } from '@/data/commands';
import { VerifyTournamentDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';

/** Once the seed is revealed: the server recomputes every lot, seating and table roll from it, on request. */
export function TournamentVerification({ id }: { id: string }) {
  const t = useTranslations('tournaments');
  const [asked, setAsked] = useState(false);
  const [result] = useData({ query: VerifyTournamentDocument, variables: { id }, pause: !asked });
  const check = result.data?.verifyTournament;
  return (
    <section className="card" aria-labelledby="verify-title">
      <h2 id="verify-title">{t('verifyTitle')}</h2>
      <p className="hint">{t('verifyHint', { command: `npm run verify -- tournament ${id}` })}</p>
      {asked ? null : (
        <button type="button" onClick={() => setAsked(true)}>
          {t('verifyAction')}
        </button>
      )}
      <ProblemNote problem={problemOf(result.error)} />
      {check ? (
        <div role="status">
          <p>
            <span className={`badge ${check.verified ? 'ok' : 'warn'}`}>{check.verified ? t('verified') : t('notVerified')}</span>{' '}
            {t('verifyCounts', { lots: check.lotsChecked, seatings: check.seatingsChecked, matches: check.matches.filter((m) => m.verified).length, total: check.matches.length })}
          </p>
          <ul>
            {check.discrepancies.map((d) => (
              <li key={`${d.event}-${d.what}`}>{t('discrepancy', { event: d.event, what: d.what })}</li>
            ))}
            {check.matches
              .filter((m) => !m.verified)
              .map((m) => (
                <li key={m.matchId}>{t('matchProblem', { match: m.matchId, problem: m.problem ?? '' })}</li>
              ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
