'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { useLink } from '@/data/client';
import { type TournamentFilter, TournamentListUpdatedDocument, TournamentsDocument } from '@/data/generated/graphql';
import { useData, useMounted, useResubscribe } from '@/data/hooks';
import { LIST_POLL_MS } from '@/features/lobby/lobby';

/** Pushes in a burst (a round's tables ending together) cause one read, this long after the first. */
const COALESCE_MS = 250;

/**
 * The tournaments list, live: read again after `tournamentListUpdated` pushes (coalesced) and on every socket
 * (re)connect, since pushes missed while away are not replayed; polled only while the live link is not up
 * (connecting, or dropped and retrying).
 */
export function useLiveTournamentList(filter: TournamentFilter | null, first: number) {
  const mounted = useMounted();
  const link = useLink();
  const online = link === 'online';
  const [list, refetch] = useData({ query: TournamentsDocument, variables: { filter, first }, pollMs: online ? undefined : LIST_POLL_MS });
  // Not paused while offline: the socket is lazy, so this subscription is what opens it.
  const [pushed, resubscribe] = useSubscription({ query: TournamentListUpdatedDocument, pause: !mounted });
  useResubscribe(pushed.error, resubscribe);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const readAgain = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch({ requestPolicy: 'network-only' });
    }, COALESCE_MS);
  }, [refetch]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    if (pushed.data) readAgain();
  }, [pushed.data, readAgain]);
  useEffect(() => {
    if (online) readAgain();
  }, [online, readAgain]);
  return list;
}
