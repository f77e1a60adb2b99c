'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { CombinedError } from 'urql';
import { useCommand } from '@/data/commands';
import { CheckInDocument, RegisterForTournamentDocument, WithdrawDocument } from '@/data/generated/graphql';
import { useSession } from '@/data/session-context';
import type { TournamentView } from './use-live-tournament';

export type Done = (result: { error?: CombinedError }, next?: TournamentView) => void;

const IN_FIELD = new Set(['REGISTERED', 'ACTIVE']);
const UNDER_WAY = new Set(['REGISTRATION', 'RUNNING']);

/** Which of a player's commands can apply now (the API still decides, and says why when it refuses). */
export function entryChoices(view: Pick<TournamentView, 'me' | 'status' | 'checkInMinutes'>) {
  const status = view.me?.status ?? 'NONE';
  const checkedIn = view.me?.checkedIn ?? false;
  const open = view.status === 'REGISTRATION';
  const inField = IN_FIELD.has(status);
  const asked = view.checkInMinutes > 0;
  return {
    register: open && !inField,
    checkIn: open && status === 'REGISTERED' && !checkedIn && asked,
    withdraw: inField && UNDER_WAY.has(view.status),
    checkedIn: checkedIn && asked,
  };
}

/** A player's own entry: register, check in, withdraw — each offered when it can apply; the API decides. */
export function EntryActions({ view, done }: { view: TournamentView; done: Done }) {
  const t = useTranslations('tournaments');
  const { session } = useSession();
  const register = useCommand(RegisterForTournamentDocument);
  const withdraw = useCommand(WithdrawDocument);
  const checkIn = useCommand(CheckInDocument);
  if (!session) return <Link href={`/sign-in?next=/tournaments/${encodeURIComponent(view.id)}`}>{t('signInToEnter')}</Link>;
  const me = view.me;
  const can = entryChoices(view);
  const input = { tournamentId: view.id };
  return (
    <div className="row">
      {me ? <span>{t('yourEntry', { status: t(`entrant.${me.status}`) })}</span> : null}
      {can.checkedIn ? <span className="badge ok">{t('checkedIn')}</span> : null}
      {can.register ? (
        <button type="button" className="primary" onClick={async () => { const r = await register(input); done(r, r.data?.registerForTournament); }}>
          {t('register')}
        </button>
      ) : null}
      {can.checkIn ? (
        <button type="button" onClick={async () => { const r = await checkIn(input); done(r, r.data?.checkIn); }}>
          {t('checkInAction')}
        </button>
      ) : null}
      {can.withdraw ? (
        <button type="button" className="danger" onClick={async () => { const r = await withdraw(input); done(r, r.data?.withdraw); }}>
          {t('withdraw')}
        </button>
      ) : null}
    </div>
  );
}
