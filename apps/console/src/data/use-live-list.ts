'use client';

import { useCallback, useEffect, useRef } from 'react';
import { type AnyVariables, type DocumentInput, type UseQueryResponse, useSubscription, type UseSubscriptionArgs } from 'urql';
import { useLink, useLinkNow } from './client';
import { useData, useMounted, useResubscribe } from './hooks';

/** While the live link is not up (connecting, or dropped and retrying), lists are read this often instead. */
export const LIST_POLL_MS = 3_000;

/** Pushes in a burst (a round's tables ending together) cause one read, this long after the first. */
const COALESCE_MS = 250;

interface LiveListArgs<Data, Variables extends AnyVariables, Pushed, PushVariables extends AnyVariables> {
  readonly query: DocumentInput<Data, Variables>;
  readonly variables: Variables;
  /** A subscription whose every push says the list changed (the server decides what concerns this list). */
  readonly pushes: DocumentInput<Pushed, PushVariables>;
  readonly pushVariables?: PushVariables;
}

/**
 * A list, live: read again after each push of its list subscription (coalesced) and on every socket
 * (re)connect, since pushes missed while away are not replayed; polled only while the live link is not up.
 */
export function useLiveList<Data, Variables extends AnyVariables, Pushed, PushVariables extends AnyVariables>(
  args: LiveListArgs<Data, Variables, Pushed, PushVariables>,
): UseQueryResponse<Data, Variables>[0] {
  const mounted = useMounted();
  const online = useLink() === 'online';
  // The poll stops the moment the socket is acknowledged, not when React next renders and runs effects: a busy
  // browser can get there after the subscription's first push, and a poll then is a read nobody asked for.
  const linkNow = useLinkNow();
  const offline = useCallback(() => linkNow() !== 'online', [linkNow]);
  const [list, refetch] = useData<Data, Variables>({ query: args.query, variables: args.variables, pollMs: online ? undefined : LIST_POLL_MS, pollWhile: offline });
  // Not paused while offline: the socket is lazy, so this subscription is what opens it.
  const [pushed, resubscribe] = useSubscription<Pushed, Pushed, PushVariables>({
    query: args.pushes,
    variables: args.pushVariables,
    pause: !mounted,
  } as UseSubscriptionArgs<PushVariables, Pushed>);
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
