'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCommand } from '@/data/commands';
import { type Difficulty, PublishSeatingDocument, RegisterForTournamentDocument, StartTournamentDocument } from '@/data/generated/graphql';
import { DIFFICULTIES } from '@/features/lobby/match-plan';
import { useSession } from '@/data/session-context';
import type { Done } from './entry-actions';
import type { TournamentView } from './use-live-tournament';

/** The organiser's (and an admin's) commands: enter a CPU (unranked), start, publish a draft seating. */
export function OrganiserActions({ view, done }: { view: TournamentView; done: Done }) {
  const t = useTranslations('tournaments');
  const tl = useTranslations('lobby');
  const { session } = useSession();
  const register = useCommand(RegisterForTournamentDocument);
  const start = useCommand(StartTournamentDocument);
  const publish = useCommand(PublishSeatingDocument);
  const [cpu, setCpu] = useState({ name: '', difficulty: 'MEDIUM' as Difficulty });
  if (!session || (session.account.id !== view.organiserId && session.account.role !== 'ADMIN')) return null;
  const draft = view.rounds.find((r) => r.status === 'DRAFTED');
  const open = view.status === 'REGISTRATION';
  if (!open && !draft) return null;
  return (
    <fieldset>
      <legend>{t('organiserLegend')}</legend>
      {open && !view.ranked ? (
        <div className="row">
          <label htmlFor="cpu-name">{t('cpuName')}</label>
          <input id="cpu-name" value={cpu.name} maxLength={24} onChange={(e) => setCpu({ ...cpu, name: e.target.value })} />
          <label htmlFor="cpu-level">{t('cpuLevel')}</label>
          <select id="cpu-level" value={cpu.difficulty} onChange={(e) => setCpu({ ...cpu, difficulty: e.target.value as Difficulty })}>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {tl(`difficulty${d}`)}
              </option>
            ))}
          </select>
          <button type="button" onClick={async () => { const r = await register({ tournamentId: view.id, cpu }); done(r, r.data?.registerForTournament); }}>
            {t('enterCpu')}
          </button>
        </div>
      ) : null}
      <div className="row">
        {open ? (
          <button type="button" onClick={async () => { const r = await start({ tournamentId: view.id }); done(r, r.data?.startTournament); }}>
            {t('start')}
          </button>
        ) : null}
        {draft ? (
          <button type="button" className="primary" onClick={async () => { const r = await publish({ tournamentId: view.id, round: draft.round }); done(r, r.data?.publishSeating); }}>
            {t('publish', { round: draft.round })}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
