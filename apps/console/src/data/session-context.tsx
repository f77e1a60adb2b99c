'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { renewedElsewhere, type Session, sessionCookie, sessionInCookies } from './session';
import { listenToOtherTabs, tellSignedOut } from './session-tabs';

interface SessionState {
  readonly session: Session | null;
  /** A sign-in, or a renewal of the same session (a new token for the same account). */
  readonly signIn: (session: Session) => void;
  /** Signs out of this browser: every tab's session ends (ADR 0053). */
  readonly signOut: () => void;
  /** Another tab signed out (it said so, or the cookie they share is gone): this one ends too, without a notice. */
  readonly signedOutElsewhere: () => void;
  /**
   * The token ran out (the API closed the socket with 4401, refused it, or its expiry passed): signed out, with a
   * notice — unless another tab renewed the session meanwhile (a tab waking from sleep): then this tab takes that.
   * `token`: the one refused; a token this tab has renewed since ending is not the session ending.
   */
  readonly expire: (token?: string) => void;
  /** Takes over a session another tab of this browser renewed (`stored`: the cookie's by default), if it is one; whether it did. */
  readonly adoptRenewed: (stored?: Session | null) => boolean;
  /** The session as it is now, not as of the last render (for timers and awaits: another tab's may have come meanwhile). */
  readonly current: () => Session | null;
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
  const signOut = useCallback(() => {
    const was = latest.current;
    setSession(null);
    if (was) tellSignedOut(was.account.id);
  }, [setSession]);
  // Clears the cookie again: a renewal this tab finished meanwhile may have written it back.
  const signedOutElsewhere = useCallback(() => setSession(null), [setSession]);
  const adoptRenewed = useCallback((stored: Session | null = sessionInCookies(document.cookie)) => {
    const renewed = renewedElsewhere(latest.current, stored, Date.now());
    if (renewed) signIn(renewed);
    return renewed !== null;
  }, [signIn]);
  // Before ending the session (and clearing the cookie all tabs share): a tab that slept past its token's expiry
  // takes the session another tab renewed meanwhile.
  const expire = useCallback((token?: string) => {
    if (token !== undefined && latest.current !== null && latest.current.token !== token) return;
    if (adoptRenewed()) return;
    if (latest.current) setExpired(true);
    setSession(null);
  }, [setSession, adoptRenewed]);
  useEffect(
    () =>
      listenToOtherTabs({
        renewed: (session) => void adoptRenewed(session),
        signedOut: (accountId) => void (latest.current?.account.id === accountId && signedOutElsewhere()),
      }),
    [adoptRenewed, signedOutElsewhere],
  );
  const dismissExpired = useCallback(() => setExpired(false), []);
  const current = useCallback(() => latest.current, []);
  const value = useMemo(
    () => ({ session, signIn, signOut, signedOutElsewhere, expire, adoptRenewed, current, expired, dismissExpired }),
    [session, signIn, signOut, signedOutElsewhere, expire, adoptRenewed, current, expired, dismissExpired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
