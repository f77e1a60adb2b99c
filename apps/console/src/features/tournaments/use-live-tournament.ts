'use client';

import { useCallback, useEffect, useState } from 'react';
import { useSubscription } from 'urql';
import { TournamentDocument, type TournamentFieldsFragment, TournamentUpdatedDocument } from '@/data/generated/graphql';
import { useData, useMounted, useResubscribe } from '@/data/hooks';

export type TournamentView = TournamentFieldsFragment;

/**
 * One tournament as the server shows this viewer (drafts only for its organiser and staff), live through
 * `tournamentUpdated`; a view replaces the shown one only at a higher revision, so replies never roll it back.
 */
export function useLiveTournament(id: string) {
  const mounted = useMounted();
  const [view, setView] = useState<TournamentView | null>(null);
  const [first] = useData({ query: TournamentDocument, variables: { id }, requestPolicy: 'network-only' });
  const [pushed, resubscribe] = useSubscription({ query: TournamentUpdatedDocument, variables: { id }, pause: !mounted || !first.data });
  useResubscribe(pushed.error, resubscribe);
  const offer = useCallback((next: TournamentView | null | undefined) => {
    if (next) setView((current) => (current && BigInt(current.revision) > BigInt(next.revision) ? current : next));
  }, []);
  useEffect(() => offer(first.data?.tournament), [first.data, offer]);
  useEffect(() => offer(pushed.data?.tournamentUpdated), [pushed.data, offer]);
  return { view, offer, error: first.error };
}
