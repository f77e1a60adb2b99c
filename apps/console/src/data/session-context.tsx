'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type Session, sessionCookie } from './session';

interface SessionState {
  readonly session: Session | null;
  readonly signIn: (session: Session) => void;
  readonly signOut: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/** The signed-in account for every client component; the server hands in what the cookie said. */
export function SessionProvider({ initial, children }: { initial: Session | null; children: ReactNode }) {
  const [session, setSession] = useState(initial);
  const signIn = useCallback((next: Session) => {
    document.cookie = sessionCookie(next);
    setSession(next);
  }, []);
  const signOut = useCallback(() => {
    document.cookie = sessionCookie(null);
    setSession(null);
  }, []);
  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
