'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Client, cacheExchange, fetchExchange, makeOperation, mapExchange, Provider, subscriptionExchange } from 'urql';
import { persistedExchange } from '@urql/exchange-persisted';
import type { DocumentNode } from 'graphql';
import { createClient as createSocket, type Client as Socket } from 'graphql-ws';
import { useSession } from './session-context';

/** The API is reached through the console's own origin (src/proxy.ts passes `/graphql` on, websockets too). */
const GRAPHQL_PATH = '/graphql';

/** `idle`: no live view open (the socket is closed on purpose until one is). */
export type Link = 'idle' | 'connecting' | 'online' | 'reconnecting';

const LinkContext = createContext<Link>('idle');
/** The link's state as the socket last reported it, read when called (not as of the last render). */
const LinkNowContext = createContext<() => Link>(() => 'idle');

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

function closeCode(event: unknown): number | null {
  return typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number' ? event.code : null;
}

/** The API closes a socket with graphql-ws's 4401 when its token expires (ADR 0034): final, never retried. */
const TOKEN_EXPIRED = 4401;

/** The session ends: `token` is the one the API refused (ignored if the session has moved on to another). */
type Expired = (token?: string) => void;

/** The socket, and a way to connect it again with the token as it is now (after a renewal). */
interface LiveSocket {
  readonly socket: Socket;
  readonly reconnect: () => void;
}

/**
 * One websocket per signed-in account. It retries forever with backoff; graphql-ws subscribes again after each
 * reconnect, and `matchUpdated` answers a new subscription with the current view first, so a dropped
 * connection loses nothing: the table catches up to the latest revision. The token is read at each connect,
 * so a renewed token reaches the next connection; a token that expires ends the session (4401), and the
 * socket after it is a spectator's.
 */
function openSocket(token: () => string | null, setLink: (link: Link) => void, expired: Expired): LiveSocket {
  let connectedBefore = false;
  let current: WebSocket | null = null;
  // The token this connection was opened with: a 4401 is about that one (this tab may have renewed since).
  let sent: string | null = null;
  const socket = createSocket({
    url: socketUrl(),
    lazy: true,
    keepAlive: 10_000,
    retryAttempts: Number.MAX_SAFE_INTEGER,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** retries))),
    connectionParams: () => {
      sent = token();
      return sent ? { authorization: `Bearer ${sent}` } : {};
    },
    on: {
      opened: (opened) => void (current = opened as WebSocket),
      connected: () => {
        connectedBefore = true;
        setLink('online');
      },
      // 1000: closed on purpose (the last live view went away, or a renewed token connects again at once);
      // anything else is a drop, retried. 4401: the token expired (not renewed in time, or from a cookie written
      // before renewals): the session ends, the console opens a spectator's socket at once and live views go on
      // as far as a spectator may see them.
      closed: (event) => {
        current = null;
        if (closeCode(event) === TOKEN_EXPIRED) expired(sent ?? undefined);
        setLink(closeCode(event) === 1000 ? 'idle' : connectedBefore ? 'reconnecting' : 'connecting');
      },
    },
  });
  // A normal close with subscriptions still active makes graphql-ws connect again at once (no backoff), with
  // the token as it is now; a socket still connecting is simply retried.
  const reconnect = () => current?.close(1000, 'token renewed');
  return { socket, reconnect };
}

function makeClient(token: () => string | null, socket: Socket | null, expired: Expired): Client {
  return new Client({
    url: GRAPHQL_PATH,
    requestPolicy: 'cache-and-network',
    // POST only: the API's CSRF guard refuses simple GET requests, and every view is per caller anyway.
    preferGetMethod: false,
    exchanges: [
      cacheExchange,
      // A request sent with a token and refused UNAUTHENTICATED: that token expired or its account is gone, so
      // the session is over. Each request carries the token as it is when it goes out (a re-executed one too), and
      // its result the token it went with.
      mapExchange({
        onOperation: (operation) => makeOperation(operation.kind, operation, { ...operation.context, fetchOptions: authorized(token()) }),
        onResult: (result) => {
          const refused = result.error?.graphQLErrors.some((error) => error.extensions['code'] === 'UNAUTHENTICATED');
          const sentWith = tokenSent(result.operation.context.fetchOptions);
          if (refused && !ownAuthOperation(result.operation.query) && sentWith) expired(sentWith);
        },
      }),
      // Every operation goes by its hash (the API's trusted documents, ADR 0065: in production the only ones it runs
      // for a signed-out caller); its text follows only if the API does not know the hash.
      // POST as well (its default is GET, which the API's CSRF guard refuses without a preflight header).
      persistedExchange({
        preferGetForPersistedQueries: false,
        enableForMutation: true,
        enableForSubscriptions: true,
        generateHash: async (_query, document) => documentHash(document),
      }),
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

/** The hash graphql-codegen gave the document (`__meta__.hash`, the key of generated/persisted-documents.json). */
function documentHash(document: DocumentNode): string {
  const hash = (document as DocumentNode & { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!hash) throw new Error('an operation without a generated hash: write it in operations.graphql and run the console codegen');
  return hash;
}

/** Sign-in, registration and renewal answer UNAUTHENTICATED about what they were sent, not about the session. */
const AUTH_OPERATIONS: ReadonlySet<string> = new Set(['SignIn', 'Register', 'RenewSession']);

function ownAuthOperation(query: DocumentNode): boolean {
  return query.definitions.some((definition) => definition.kind === 'OperationDefinition' && AUTH_OPERATIONS.has(definition.name?.value ?? ''));
}

const authorized = (token: string | null): RequestInit => ({ headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The token a request went out with, if any (its operation keeps the options it was sent with). */
function tokenSent(options: RequestInit | (() => RequestInit) | undefined): string | undefined {
  const resolved = typeof options === 'function' ? options() : options;
  const headers = resolved?.headers as Record<string, string> | undefined;
  return headers?.['authorization']?.replace(/^Bearer /, '') || undefined;
}

/**
 * The one data layer: a urql client over HTTP and graphql-ws, made again when the signed-in account changes.
 * A renewed token for the same account keeps the client (and its cache: nothing on the page reloads) and
 * connects the socket again with the new token.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const { session, expire } = useSession();
  const token = session?.token ?? null;
  const account = session?.account.id ?? null;
  const current = useRef(token);
  // Layout effects run before any component's request of this render goes out (those start in passive effects).
  useLayoutEffect(() => void (current.current = token), [token]);
  const [link, setLink] = useState<Link>('idle');
  // Also kept outside React: a timer asks it when it fires, and the render that carries a change can come later.
  const linkNow = useRef<Link>('idle');
  const report = useCallback((next: Link) => {
    linkNow.current = next;
    setLink(next);
  }, []);
  const readLink = useCallback(() => linkNow.current, []);
  const [live, setLive] = useState<LiveSocket | null>(null);
  useEffect(() => {
    const opened = openSocket(() => current.current, report, expire);
    setLive(opened);
    return () => void opened.socket.dispose();
  }, [account, expire, report]);
  const before = useRef({ account, token });
  useEffect(() => {
    const renewed = before.current.account === account && before.current.token !== token && token !== null;
    before.current = { account, token };
    if (renewed) live?.reconnect();
  }, [account, token, live]);
  const socket = live?.socket ?? null;
  const client = useMemo(() => makeClient(() => current.current, socket, expire), [account, socket, expire]);
  return (
    <LinkContext.Provider value={link}>
      <LinkNowContext.Provider value={readLink}>
        <Provider value={client}>{children}</Provider>
      </LinkNowContext.Provider>
    </LinkContext.Provider>
  );
}

/** The live link's state, for the "reconnecting…" banner. */
export function useLink(): Link {
  return useContext(LinkContext);
}

/** A function giving the live link's state at the moment it is called (for timers: see `useLink` for rendering). */
export function useLinkNow(): () => Link {
  return useContext(LinkNowContext);
}
