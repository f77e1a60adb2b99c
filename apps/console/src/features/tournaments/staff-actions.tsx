'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCommand } from '@/data/commands';
import { CancelTournamentDocument, DisqualifyDocument } from '@/data/generated/graphql';
import { useSession } from '@/data/session-context';
import type { Done } from './entry-actions';
import type { TournamentView } from './use-live-tournament';

const OUT = new Set(['DISQUALIFIED', 'WITHDRAWN']);

/** With a reason: the organiser calls it off; the organiser or a moderator disqualifies a player. */
export function StaffActions({ view, done }: { view: TournamentView; done: Done }) {
  const t = useTranslations('tournaments');
  const { session } = useSession();
  const cancel = useCommand(CancelTournamentDocument);
  const disqualify = useCommand(DisqualifyDocument);
  const [reason, setReason] = useState('');
  const players = view.players.filter((p) => !OUT.has(p.status));
  const [player, setPlayer] = useState('');
  const role = session?.account.role;
  const organiser = session?.account.id === view.organiserId || role === 'ADMIN';
  if (!organiser && role !== 'MODERATOR') return null;
  const live = view.status === 'REGISTRATION' || view.status === 'RUNNING';
  return (
    <fieldset>
      <legend>{t('staffLegend')}</legend>
      <div className="field">
        <label htmlFor="staff-reason">{t('staffReason')}</label>
        <input id="staff-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="row">
        <label htmlFor="staff-player">{t('player')}</label>
        <select id="staff-player" value={player} onChange={(e) => setPlayer(e.target.value)}>
          <option value="">—</option>
          {players.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="button" className="danger" disabled={!player} onClick={async () => { const r = await disqualify({ tournamentId: view.id, player, reason }); done(r, r.data?.disqualify); }}>
          {t('disqualify')}
        </button>
      </div>
      {organiser && live ? (
        <button type="button" className="danger" onClick={async () => { const r = await cancel({ tournamentId: view.id, reason }); done(r, r.data?.cancelTournament); }}>
          {t('cancel')}
        </button>
      ) : null}
    </fieldset>
  );
}
