'use client';

import { useCallback, useEffect, useState } from 'react';
import { useSubscription } from 'urql';
import { type MatchFieldsFragment, MatchDocument, MatchUpdatedDocument } from '@/data/generated/graphql';
import { useData, useMounted } from '@/data/hooks';

export type MatchView = MatchFieldsFragment;

const RESUBSCRIBE_MS = 2_000;

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
  // graphql-ws retries a dropped socket by itself but gives up on closes the protocol calls fatal (a server
  // error): then subscribe again after a pause; the first message is the current view again.
  useEffect(() => {
    if (!pushed.error) return;
    const timer = setTimeout(() => resubscribe({ requestPolicy: 'network-only' }), RESUBSCRIBE_MS);
    return () => clearTimeout(timer);
  }, [pushed.error, resubscribe]);
  const offer = useCallback((next: MatchView | null | undefined) => {
    if (next) setView((current) => newer(current, next));
  }, []);
  useEffect(() => offer(first.data?.match), [first.data, offer]);
  useEffect(() => offer(pushed.data?.matchUpdated), [pushed.data, offer]);
  return { view, offer, error: first.error, loading: first.fetching && !view };
}
