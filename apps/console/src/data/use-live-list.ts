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
  /**
   * Whether a push is the subscription's first answer, sent once the server listens (`matchListUpdated`'s
   * SUBSCRIBED): the list is read then, at once. Without it (a subscription that does not say so), the list is
   * read when the socket is acknowledged instead.
   */
  readonly listening?: (pushed: Pushed) => boolean;
}

/**
 * A list, live: read once per socket (re)connect — when its subscription says the server listens, so a change
 * landing between the read and the subscription is never missed — and again after each later push (coalesced),
 * since pushes missed while away are not replayed. Polled only while the live link is not up. Until its first
 * read the list shows what the client's cache holds (a page visited before): a read at mount as well would be a
 * second read per connect, the one the subscription's answer makes anyway (ADR 0030).
 */
export function useLiveList<Data, Variables extends AnyVariables, Pushed, PushVariables extends AnyVariables>(
  args: LiveListArgs<Data, Variables, Pushed, PushVariables>,
): UseQueryResponse<Data, Variables>[0] {
  const mounted = useMounted();
  const link = useLink();
  // The poll stops the moment the socket is acknowledged, not when React next renders and runs effects: a busy
  // browser can get there after the subscription's first push, and a poll then is a read nobody asked for.
  const linkNow = useLinkNow();
  const offline = useCallback(() => linkNow() !== 'online', [linkNow]);
  const [list, refetch] = useData<Data, Variables>({
    query: args.query,
    variables: args.variables,
    requestPolicy: 'cache-only',
    pollMs: link === 'online' ? undefined : LIST_POLL_MS,
    pollWhile: offline,
  });
  // Not paused while offline: the socket is lazy, so this subscription is what opens it.
  const [pushed, resubscribe] = useSubscription<Pushed, Pushed, PushVariables>({
    query: args.pushes,
    variables: args.pushVariables,
    pause: !mounted,
  } as UseSubscriptionArgs<PushVariables, Pushed>);
  useResubscribe(pushed.error, resubscribe);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const read = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    refetch({ requestPolicy: 'network-only' });
  }, [refetch]);
  const readSoon = useCallback(() => {
    if (!timer.current) timer.current = setTimeout(read, COALESCE_MS);
  }, [read]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const { listening } = args;
  useEffect(() => {
    if (pushed.data) (listening?.(pushed.data) ? read : readSoon)();
  }, [pushed.data, listening, read, readSoon]);
  // A refused subscription never says it listens: read, so the list (or the reason it is refused) shows.
  useEffect(() => {
    if (pushed.error) read();
  }, [pushed.error, read]);
  useEffect(() => {
    // A subscription that does not say when the server listens: the acknowledgement is the closest sign.
    if (link === 'online' && !listening) readSoon();
    // The socket could not connect at all (not a drop: the list has been read before then): read now, not at the first poll.
    if (link === 'connecting') read();
  }, [link, listening, read, readSoon]);
  return list;
}
