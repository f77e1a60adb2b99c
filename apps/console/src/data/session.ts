import type { Role } from './generated/graphql';

/** Who is signed in, as the API said at sign-in (the API checks the token on every request; this only steers the UI). */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}

export interface Session {
  readonly token: string;
  readonly account: Account;
  /** ISO-8601, as the API said: when the token stops being accepted. Absent in cookies written before renewals. */
  readonly expiresAt?: string;
}

export const SESSION_COOKIE = 'ld_session';
/** Without a known expiry: the API's default token lifetime (JWT_TTL_SECONDS); an expired token is refused and cleared. */
const MAX_AGE_SECONDS = 12 * 3600;

/** Reads the session cookie's value (set by `writeSessionCookie`); anything malformed counts as signed out. */
export function parseSession(raw: string | undefined): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Session>;
    const account = value.account;
    if (typeof value.token !== 'string' || !account || typeof account.id !== 'string' || typeof account.name !== 'string') return null;
    const expiresAt = typeof value.expiresAt === 'string' && Number.isFinite(Date.parse(value.expiresAt)) ? { expiresAt: value.expiresAt } : {};
    return { token: value.token, account: { id: account.id, name: account.name, role: account.role ?? 'PLAYER' }, ...expiresAt };
  } catch {
    return null;
  }
}

/** The session a browser's `document.cookie` holds, if any: what every tab of this browser shares. */
export function sessionInCookies(cookies: string): Session | null {
  const prefix = `${SESSION_COOKIE}=`;
  const entry = cookies.split(';').map((cookie) => cookie.trim()).find((cookie) => cookie.startsWith(prefix));
  return parseSession(entry?.slice(prefix.length));
}

const expiryOf = (session: Session): number => (session.expiresAt ? Date.parse(session.expiresAt) : Number.NEGATIVE_INFINITY);

/**
 * The stored session this tab should take over instead of renewing its own or letting it end: the same
 * account's, renewed since (another token, a later expiry) and not expired at `now`. Null for anything else —
 * nothing newer, or no session or another account's (signed out or in elsewhere: not a renewal to adopt).
 */
export function renewedElsewhere(mine: Session | null, stored: Session | null, now: number): Session | null {
  if (!mine || !stored || stored.account.id !== mine.account.id || stored.token === mine.token) return null;
  return expiryOf(stored) > expiryOf(mine) && expiryOf(stored) > now ? stored : null;
}

/**
 * The session another tab signed in with, for this tab to follow: another account's, or any when this
 * tab has none, not expired at `now`. Null for this account's (a renewal: `renewedElsewhere`), none, or an expired one.
 */
export function signedInWith(mine: Session | null, stored: Session | null, now: number): Session | null {
  if (!stored || (mine && stored.account.id === mine.account.id)) return null;
  return stored.expiresAt === undefined || expiryOf(stored) > now ? stored : null;
}

/** A session as the cookie's value holds it (`parseSession` reads it back). */
export const encodeSession = (session: Session): string => encodeURIComponent(JSON.stringify(session));

/** The cookie lives as long as its token (renewals write it again). */
export function sessionCookie(session: Session | null, now = Date.now()): string {
  if (!session) return `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const maxAge = session.expiresAt ? Math.max(0, Math.floor((Date.parse(session.expiresAt) - now) / 1000)) : MAX_AGE_SECONDS;
  return `${SESSION_COOKIE}=${encodeSession(session)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Renewals start this long before the token expires at most, or at three quarters of what is left when that is shorter. */
const RENEW_LEAD_MS = 5 * 60_000;

/**
 * When to ask for a new token (ms from `now`): shortly before `expiresAt`, early enough for a retry or two if the
 * network is down. Null when the expiry is unknown (an old cookie: the socket's 4401 ends that session).
 */
export function renewalDelay(session: Session | null, now: number): number | null {
  if (!session?.expiresAt) return null;
  const left = Date.parse(session.expiresAt) - now;
  return Math.max(0, left - Math.min(RENEW_LEAD_MS, left / 4));
}

/** The navigation's audience: signed-out visitors are guests; roles come from the account. */
export type Audience = 'guest' | 'player' | 'organiser' | 'moderator' | 'admin';

const AUDIENCE_OF_ROLE: Record<Role, Audience> = { ADMIN: 'admin', MODERATOR: 'moderator', ORGANISER: 'organiser', PLAYER: 'player' };

export function audienceOf(session: Session | null): Audience {
  return session ? AUDIENCE_OF_ROLE[session.account.role] ?? 'player' : 'guest';
}
