'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type Session, sessionCookie } from './session';

interface SessionState {
  readonly session: Session | null;
  /** A sign-in, or a renewal of the same session (a new token for the same account). */
  readonly signIn: (session: Session) => void;
  readonly signOut: () => void;
  /** The token ran out (the API closed the socket with 4401, refused it, or its expiry passed): signed out, with a notice. */
  readonly expire: () => void;
  /** The session ended by expiring and the reader has not dismissed the notice nor signed in since. */
  readonly expired: boolean;
  readonly dismissExpired: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/** The signed-in account for every client component; the server hands in what the cookie said. */
export function SessionProvider({ initial, children }: { initial: Session | null; children: ReactNode }) {
  const [session, setSessionState] = useState(initial);
  const [expired, setExpired] = useState(false);
  // The latest session, for `expire`: only a session that was there expires (the socket's 4401 and the
  // expiry timer may both report the same end).
  const latest = useRef(initial);
  const setSession = useCallback((next: Session | null) => {
    document.cookie = sessionCookie(next);
    latest.current = next;
    setSessionState(next);
  }, []);
  const signIn = useCallback(
    (next: Session) => {
      setSession(next);
      setExpired(false);
    },
    [setSession],
  );
  const signOut = useCallback(() => setSession(null), [setSession]);
  const expire = useCallback(() => {
    if (latest.current) setExpired(true);
    setSession(null);
  }, [setSession]);
  const dismissExpired = useCallback(() => setExpired(false), []);
  const value = useMemo(
    () => ({ session, signIn, signOut, expire, expired, dismissExpired }),
    [session, signIn, signOut, expire, expired, dismissExpired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
