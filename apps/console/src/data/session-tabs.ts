/**
 * What the tabs of one browser share about their session besides the cookie (ADR 0034): one renewal at a
 * time, the renewed session handed to the others, and a sign-out. Browser-only (called from effects and timers).
 */
import { underLease } from './renewal-lease';
import { encodeSession, parseSession, type Session, SESSION_COOKIE, sessionInCookies } from './session';

/** The Web Locks name every tab's renewal runs under. */
const RENEWAL_LOCK = 'ld-session-renewal';
/** The BroadcastChannel on which a tab hands the session it renewed to the others, or says it signed out. */
const SESSION_CHANNEL = 'ld-session';
/** How long a renewing tab waits at most for the cookie store to hold what it wrote, and how often it looks. */
const STORED_WITHIN_MS = 1_000;
const STORED_POLL_MS = 20;

const hasCookieStore = (): boolean => typeof cookieStore !== 'undefined';

/**
 * Runs `renew` while no other tab of this browser runs its own, so a tab that waited finds the session another
 * renewed and asks for none. Web Locks exist in secure contexts only (https, localhost): elsewhere the tabs
 * take turns through a lease in localStorage (`underLease`).
 */
export async function oneTabAtATime(renew: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  await (locks ? locks.request(RENEWAL_LOCK, renew) : underLease(renew));
}

/**
 * The session cookie as the browser's cookie store holds it now. `document.cookie` answers from a per-tab copy
 * that another tab's write reaches a moment later; the Cookie Store API (secure contexts) asks the store itself.
 */
export async function storedSession(): Promise<Session | null> {
  if (!hasCookieStore()) return sessionInCookies(document.cookie);
  return parseSession((await cookieStore.get(SESSION_COOKIE))?.value ?? undefined);
}

/** Resolves once the cookie store holds the session with `token` (written through `document.cookie`), or after a second. */
export async function untilStored(token: string): Promise<void> {
  if (!hasCookieStore()) return;
  for (const until = Date.now() + STORED_WITHIN_MS; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS))) {
    if ((await storedSession())?.token === token) return;
  }
}

/**
 * What one tab tells the others: a session it renewed or one the reader signed in with there (the cookie's
 * encoding), or that an account signed out.
 */
type TabMessage = { readonly renewed: string } | { readonly signedIn: string } | { readonly signedOut: string };

function tell(message: TabMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Hands a renewed session to the other tabs (they take it at once, not at their own renewal). */
export const tellRenewed = (session: Session): void => tell({ renewed: encodeSession(session) });

/** Tells the other tabs that the reader signed in here (another account, perhaps): they follow. */
export const tellSignedIn = (session: Session): void => tell({ signedIn: encodeSession(session) });

/** Tells the other tabs that `accountId` signed out of this browser: theirs end too. */
export const tellSignedOut = (accountId: string): void => tell({ signedOut: accountId });

export interface OtherTabs {
  /** Another tab renewed and hands over its session. */
  readonly renewed: (session: Session) => void;
  /** The reader signed in, in another tab. */
  readonly signedIn: (session: Session) => void;
  /** Another tab signed this account out. */
  readonly signedOut: (accountId: string) => void;
}

/** Calls `heard`'s handlers with what other tabs tell; the returned function stops listening. */
export function listenToOtherTabs(heard: OtherTabs): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const message = event.data as { readonly renewed?: unknown; readonly signedIn?: unknown; readonly signedOut?: unknown } | null;
    const session = typeof message?.renewed === 'string' ? parseSession(message.renewed) : null;
    if (session) heard.renewed(session);
    const signedIn = typeof message?.signedIn === 'string' ? parseSession(message.signedIn) : null;
    if (signedIn) heard.signedIn(signedIn);
    if (typeof message?.signedOut === 'string') heard.signedOut(message.signedOut);
  };
  return () => channel.close();
}
