'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { renewedElsewhere, type Session, sessionCookie, sessionInCookies, signedInWith } from './session';
import { listenToOtherTabs, tellSignedIn, tellSignedOut } from './session-tabs';

interface SessionState {
  readonly session: Session | null;
  /** The reader signed in, in this tab: every other tab follows. */
  readonly signIn: (session: Session) => void;
  /** This tab renewed its session (a new token for the same account). */
  readonly renewed: (session: Session) => void;
  /**
   * Follows a session the reader signed in with in another tab (`stored`: the cookie's by default), if it is
   * another account's (or any, signed out here) or a newer one of this account; whether it did.
   */
  readonly followSignIn: (stored?: Session | null) => boolean;
  /** The account this tab switched to because the reader signed in with it in another tab, until dismissed. */
  readonly followed: string | null;
  readonly dismissFollowed: () => void;
  /** Signs out of this browser: every tab's session ends. */
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
  const [followed, setFollowed] = useState<string | null>(null);
  // The latest session, for `expire`: only a session that was there expires (the socket's 4401 and the
  // expiry timer may both report the same end).
  const latest = useRef(initial);
  const setSession = useCallback((next: Session | null) => {
    document.cookie = sessionCookie(next);
    latest.current = next;
    setSessionState(next);
  }, []);
  const renewed = useCallback(
    (next: Session) => {
      setSession(next);
      setExpired(false);
    },
    [setSession],
  );
  const signIn = useCallback(
    (next: Session) => {
      renewed(next);
      setFollowed(null);
      tellSignedIn(next);
    },
    [renewed],
  );
  const signOut = useCallback(() => {
    const was = latest.current;
    setSession(null);
    setFollowed(null);
    if (was) tellSignedOut(was.account.id);
  }, [setSession]);
  // Clears the cookie again: a renewal this tab finished meanwhile may have written it back.
  const signedOutElsewhere = useCallback(() => setSession(null), [setSession]);
  const adoptRenewed = useCallback((stored: Session | null = sessionInCookies(document.cookie)) => {
    const next = renewedElsewhere(latest.current, stored, Date.now());
    if (next) renewed(next);
    return next !== null;
  }, [renewed]);
  // The newest sign-in wins in every tab (ADR 0034): another account's is followed with a notice saying so (the
  // pages read again as that account: the data layer is made anew per account); this account's, like a renewal.
  const followSignIn = useCallback((stored: Session | null = sessionInCookies(document.cookie)) => {
    const other = signedInWith(latest.current, stored, Date.now());
    if (other) {
      renewed(other);
      setFollowed(other.account.name);
      return true;
    }
    return adoptRenewed(stored);
  }, [renewed, adoptRenewed]);
  // Before ending the session (and clearing the cookie all tabs share): a tab that slept past its token's expiry
  // takes the session another tab renewed meanwhile, or follows the one the reader signed in with there.
  const expire = useCallback((token?: string) => {
    if (token !== undefined && latest.current !== null && latest.current.token !== token) return;
    if (followSignIn()) return;
    if (latest.current) setExpired(true);
    setSession(null);
  }, [setSession, followSignIn]);
  useEffect(
    () =>
      listenToOtherTabs({
        renewed: (session) => void adoptRenewed(session),
        signedIn: (session) => void followSignIn(session),
        signedOut: (accountId) => void (latest.current?.account.id === accountId && signedOutElsewhere()),
      }),
    [adoptRenewed, followSignIn, signedOutElsewhere],
  );
  const dismissExpired = useCallback(() => setExpired(false), []);
  const dismissFollowed = useCallback(() => setFollowed(null), []);
  const current = useCallback(() => latest.current, []);
  const value = useMemo(
    () => ({ session, signIn, renewed, followSignIn, followed, dismissFollowed, signOut, signedOutElsewhere, expire, adoptRenewed, current, expired, dismissExpired }),
    [session, signIn, renewed, followSignIn, followed, dismissFollowed, signOut, signedOutElsewhere, expire, adoptRenewed, current, expired, dismissExpired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
