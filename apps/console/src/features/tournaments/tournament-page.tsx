'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { problemOf, type Problem } from '@/data/commands';
import { ProblemNote } from '@/ui/problem-note';
import { type Done, EntryActions } from './entry-actions';
import { OrganiserActions } from './organiser-actions';
import { RoundsPanel } from './rounds-panel';
import { StaffActions } from './staff-actions';
import { StandingsTable } from './standings-table';
import { TournamentSettings } from './tournament-settings';
import { TournamentVerification } from './tournament-verification';
import { useLiveTournament } from './use-live-tournament';

/** One tournament, live: settings, your entry, the organiser's commands, standings, rounds and tables. */
export function TournamentPage({ id }: { id: string }) {
  const t = useTranslations('tournaments');
  const { view, offer, error } = useLiveTournament(id);
  const [problem, setProblem] = useState<Problem | null>(null);
  // A refusal is about the tournament as it was: once it moves on (started, a round seated), it goes.
  useEffect(() => setProblem(null), [view?.revision]);
  if (!view) return <ProblemNote problem={problemOf(error)} />;
  const done: Done = (result, next) => {
    setProblem(problemOf(result.error));
    offer(next);
  };
  return (
    <div className="stack">
      <section className="card" aria-labelledby="t-title">
        <h1 id="t-title">
          {view.name} <span className="badge accent">{t(`status.${view.status}`)}</span>
        </h1>
        <TournamentSettings view={view} />
        <EntryActions view={view} done={done} />
        <OrganiserActions view={view} done={done} />
        <StaffActions view={view} done={done} />
        <ProblemNote problem={problem} />
      </section>
      <StandingsTable id={id} revision={view.revision} />
      <RoundsPanel view={view} />
      {view.seed ? <TournamentVerification id={id} /> : null}
    </div>
  );
}
