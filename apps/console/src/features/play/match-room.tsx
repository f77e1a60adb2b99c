'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { problemOf } from '@/data/commands';
import { useSession } from '@/data/session-context';
import { familyKey } from '@/features/game/names';
import { OutNotice } from '@/features/table/out-notice';
import { ProblemNote } from '@/ui/problem-note';
import { CloseLobby } from './close-lobby';
import { expiredAfter } from './lobby-expiry';
import { LobbyExpiryNotice } from './lobby-expiry-notice';
import { useMatchActions } from './match-actions';
import { RoomPlay } from './room-play';
import { seatName } from './seat-name';
import { TurnTimer } from './turn-timer';
import { type MatchView, useLiveMatch } from './use-live-match';

function LobbyActions({
  view,
  actions,
  host,
}: {
  view: MatchView;
  actions: ReturnType<typeof useMatchActions>;
  host: boolean;
}) {
  const t = useTranslations('play');
  const { session } = useSession();
  const free = view.seats.some((s) => s.kind.toLowerCase() === 'human' && !s.player);
  // The host closes the lobby (the API also lets an admin): a table only CPUs fill has no seat to leave.
  const closer = host || session?.account.role === 'ADMIN';
  return (
    <div className="row">
      {session && !view.me && free ? (
        <button type="button" className="primary" onClick={actions.join} disabled={actions.busy}>
          {t('join')}
        </button>
      ) : null}
      {host ? (
        <button type="button" className="primary" onClick={actions.start} disabled={actions.busy || free}>
          {free ? t('waitingForPlayers') : t('start')}
        </button>
      ) : null}
      {view.me ? (
        <button type="button" onClick={actions.leave} disabled={actions.busy}>
          {t('leave')}
        </button>
      ) : null}
      {closer ? <CloseLobby onClose={actions.close} busy={actions.busy} /> : null}
    </div>
  );
}

function FinishedPanel({ view, winner }: { view: MatchView; winner: string }) {
  const t = useTranslations('play');
  return (
    <section className="card finished" aria-live="polite">
      <h2>{t('winner', { name: winner })}</h2>
      <Link href={`/matches/${view.id}/replay`} className="button primary">
        {t('openReplay')}
      </Link>
    </section>
  );
}

/**
 * Why the lobby was closed before it started: its host (or an admin) closed it, it sat idle until it expired (in
 * whole hours, minutes or seconds: `expiredAfter`), or everyone left.
 */
function closedText(t: ReturnType<typeof useTranslations<'play'>>, closing: MatchView['closing']): string {
  if (closing?.reason === 'expired') {
    const after = expiredAfter(closing.idleSeconds ?? 0);
    if ('hours' in after) return t('lobbyExpiredHours', after);
    return 'minutes' in after ? t('lobbyExpired', after) : t('lobbyExpiredSeconds', after);
  }
  if (closing?.reason === 'cancelled') return t('lobbyCancelled', { name: closing.by ?? '' });
  return t('lobbyClosed');
}

function ClosedNotice({ closing }: { closing: MatchView['closing'] }) {
  const t = useTranslations('play');
  return (
    <p className="card muted" role="status">
      {closedText(t, closing)}
    </p>
  );
}

function RoomHeader({ view, me }: { view: MatchView; me: string | null }) {
  const t = useTranslations('play');
  const tg = useTranslations('game');
  const tl = useTranslations('lobby');
  const timed = view.status.toLowerCase() === 'bidding' && view.turnDeadline && view.options.turnSeconds;
  return (
    <header className="room-head">
      <h1>
        {tg(familyKey(view.ruleset))} {view.ranked ? <span className="badge">{tl('ranked')}</span> : null}
      </h1>
      <p className="muted">{me ? t('playingAs', { name: me }) : t('spectating')}</p>
      {timed ? <TurnTimer deadline={view.turnDeadline ?? 0} seconds={view.options.turnSeconds ?? 0} /> : null}
    </header>
  );
}

/** Play (your seat) or spectate (public view) one match, live; `coach` adds the tutorial's explanations. */
export function MatchRoom({ id, coach }: { id: string; coach?: (view: MatchView) => ReactNode }) {
  const t = useTranslations('play');
  const tl = useTranslations('lobby');
  const { session } = useSession();
  const { view, offer, error, loading } = useLiveMatch(id);
  const actions = useMatchActions(id, offer);
  if (!view)
    return loading ? <p role="status">{t('loading')}</p> : <ProblemNote problem={problemOf(error)} />;
  const seatsById = new Map(view.seats.map((s) => [s.seat, s]));
  const level = (d: string) => tl(`difficulty${d.toUpperCase() as 'EASY' | 'MEDIUM' | 'HARD' | 'EXPERT'}`);
  const name = (seat: string) => {
    const found = seatsById.get(seat);
    return found ? seatName(found, t, level) : seat;
  };
  const status = view.status.toLowerCase();
  return (
    <div className="room">
      <RoomHeader view={view} me={view.me ? name(view.me) : null} />
      <ProblemNote problem={actions.problem} />
      {status === 'lobby' ? (
        <>
          <LobbyActions view={view} actions={actions} host={session?.account.name === view.host} />
          <LobbyExpiryNotice expiresAt={view.lobbyExpiresAt} />
        </>
      ) : null}
      {status === 'finished' ? <FinishedPanel view={view} winner={name(view.winner ?? '')} /> : null}
      {status === 'closed' ? <ClosedNotice closing={view.closing} /> : null}
      <OutNotice view={view} />
      <RoomPlay view={view} name={name} actions={actions} coach={coach ? coach(view) : undefined} />
    </div>
  );
}
