'use client';

import { useEffect, useState } from 'react';
import { type AnyVariables, type DocumentInput, useQuery, type UseQueryArgs, type UseQueryResponse } from 'urql';

/** True after the first client render: data is fetched in the browser only (the API is reached through it). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * `useQuery`, paused during the server render, optionally polled (lists that change while watched); `pollWhile`,
 * asked at each tick, skips a poll that is no longer wanted before the render that stops the timer comes.
 */
export function useData<Data, Variables extends AnyVariables>(
  args: UseQueryArgs<Variables, Data> & { readonly pollMs?: number; readonly pollWhile?: () => boolean },
): UseQueryResponse<Data, Variables> {
  const mounted = useMounted();
  const { pollMs, pollWhile, ...rest } = args;
  const response = useQuery<Data, Variables>({ ...rest, pause: !mounted || rest.pause } as UseQueryArgs<Variables, Data>);
  const refetch = response[1];
  useEffect(() => {
    if (!pollMs || !mounted) return;
    const timer = setInterval(() => (pollWhile?.() ?? true) && refetch({ requestPolicy: 'network-only' }), pollMs);
    return () => clearInterval(timer);
  }, [pollMs, pollWhile, mounted, refetch]);
  return response;
}

export type { DocumentInput };

const RESUBSCRIBE_MS = 2_000;

/**
 * graphql-ws retries a dropped socket by itself but gives up on closes the protocol calls fatal (a server
 * error): then subscribe again after a pause. Every live view here answers a new subscription with its state.
 */
export function useResubscribe(error: unknown, resubscribe: (opts: { requestPolicy: 'network-only' }) => void): void {
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => resubscribe({ requestPolicy: 'network-only' }), RESUBSCRIBE_MS);
    return () => clearTimeout(timer);
  }, [error, resubscribe]);
}
