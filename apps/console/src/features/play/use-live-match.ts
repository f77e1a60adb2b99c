'use client';

import { useCallback, useEffect, useState } from 'react';
import { useSubscription } from 'urql';
import { type MatchFieldsFragment, MatchDocument, MatchUpdatedDocument } from '@/data/generated/graphql';
import { useData, useMounted, useResubscribe } from '@/data/hooks';

export type MatchView = MatchFieldsFragment;

function newer(current: MatchView | null, next: MatchView): MatchView {
  if (!current || current.id !== next.id) return next;
  return BigInt(next.revision) >= BigInt(current.revision) ? next : current;
}

/**
 * The caller's own view of a match, live: the query first (so a bad id is an error, not a subscription), then
 * `matchUpdated`. Every view the server sends (pushes and mutation replies) is offered; only a newer revision
 * replaces the one shown, so a late reply never rolls the table back.
 */
export function useLiveMatch(id: string) {
  const mounted = useMounted();
  const [view, setView] = useState<MatchView | null>(null);
  const [first] = useData({ query: MatchDocument, variables: { id }, requestPolicy: 'network-only' });
  const [pushed, resubscribe] = useSubscription({
    query: MatchUpdatedDocument,
    variables: { id },
    pause: !mounted || !first.data,
  });
  useResubscribe(pushed.error, resubscribe);
  const offer = useCallback((next: MatchView | null | undefined) => {
    if (next) setView((current) => newer(current, next));
  }, []);
  useEffect(() => offer(first.data?.match), [first.data, offer]);
  useEffect(() => offer(pushed.data?.matchUpdated), [pushed.data, offer]);
  return { view, offer, error: first.error, loading: first.fetching && !view };
}
