'use client';

import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { Client, cacheExchange, fetchExchange, Provider, subscriptionExchange } from 'urql';
import { createClient as createSocket, type Client as Socket } from 'graphql-ws';
import { useSession } from './session-context';

/** The API is reached through the console's own origin (src/proxy.ts passes `/graphql` on, websockets too). */
const GRAPHQL_PATH = '/graphql';

/** `idle`: no live view open (the socket is closed on purpose until one is). */
export type Link = 'idle' | 'connecting' | 'online' | 'reconnecting';

const LinkContext = createContext<Link>('idle');

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

function closeCode(event: unknown): number | null {
  return typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number' ? event.code : null;
}

/**
 * One websocket per signed-in token. It retries forever with backoff; graphql-ws subscribes again after each
 * reconnect, and `matchUpdated` answers a new subscription with the current view first, so a dropped
 * connection loses nothing: the table catches up to the latest revision. A token that expires ends the
 * session (4401), and the socket after it is a spectator's.
 */
/** The API closes a socket with graphql-ws's 4401 when its token expires (ADR 0034): final, never retried. */
const TOKEN_EXPIRED = 4401;

function openSocket(token: string | null, setLink: (link: Link) => void, expired: () => void): Socket {
  let connectedBefore = false;
  return createSocket({
    url: socketUrl(),
    lazy: true,
    keepAlive: 10_000,
    retryAttempts: Number.MAX_SAFE_INTEGER,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** retries))),
    connectionParams: () => (token ? { authorization: `Bearer ${token}` } : {}),
    on: {
      connected: () => {
        connectedBefore = true;
        setLink('online');
      },
      // 1000: closed on purpose (the last live view went away); anything else is a drop, retried.
      // 4401: the token expired. There is no refresh token, so the session ends (the cookie with it): the
      // console opens a spectator's socket at once and live views go on as far as a spectator may see them.
      closed: (event) => {
        if (closeCode(event) === TOKEN_EXPIRED) expired();
        setLink(closeCode(event) === 1000 ? 'idle' : connectedBefore ? 'reconnecting' : 'connecting');
      },
    },
  });
}

function makeClient(token: string | null, socket: Socket | null): Client {
  return new Client({
    url: GRAPHQL_PATH,
    requestPolicy: 'cache-and-network',
    // POST only: the API's CSRF guard refuses simple GET requests, and every view is per caller anyway.
    preferGetMethod: false,
    fetchOptions: (): RequestInit => ({ headers: token ? { authorization: `Bearer ${token}` } : {} }),
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => {
            if (!socket) return { unsubscribe: () => undefined };
            return { unsubscribe: socket.subscribe({ ...request, query: request.query ?? '' }, sink) };
          },
        }),
      }),
    ],
  });
}

/** The one data layer: a urql client over HTTP and graphql-ws, rebuilt when the signed-in token changes. */
export function DataProvider({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const token = session?.token ?? null;
  const [link, setLink] = useState<Link>('idle');
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    const opened = openSocket(token, setLink, signOut);
    setSocket(opened);
    return () => void opened.dispose();
  }, [token, signOut]);
  const client = useMemo(() => makeClient(token, socket), [token, socket]);
  return (
    <LinkContext.Provider value={link}>
      <Provider value={client}>{children}</Provider>
    </LinkContext.Provider>
  );
}

/** The live link's state, for the "reconnecting…" banner. */
export function useLink(): Link {
  return useContext(LinkContext);
}
