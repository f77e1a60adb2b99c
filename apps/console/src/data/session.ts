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
}

export const SESSION_COOKIE = 'ld_session';
/** Matches the API's default token lifetime (JWT_TTL_SECONDS); an expired token is simply refused and cleared. */
const MAX_AGE_SECONDS = 12 * 3600;

/** Reads the session cookie's value (set by `writeSessionCookie`); anything malformed counts as signed out. */
export function parseSession(raw: string | undefined): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Session>;
    const account = value.account;
    if (typeof value.token !== 'string' || !account || typeof account.id !== 'string' || typeof account.name !== 'string') return null;
    return { token: value.token, account: { id: account.id, name: account.name, role: account.role ?? 'PLAYER' } };
  } catch {
    return null;
  }
}

export function sessionCookie(session: Session | null): string {
  if (!session) return `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The navigation's audience: signed-out visitors are guests; roles come from the account. */
export type Audience = 'guest' | 'player' | 'organiser' | 'moderator' | 'admin';

const AUDIENCE_OF_ROLE: Record<Role, Audience> = { ADMIN: 'admin', MODERATOR: 'moderator', ORGANISER: 'organiser', PLAYER: 'player' };

export function audienceOf(session: Session | null): Audience {
  return session ? AUDIENCE_OF_ROLE[session.account.role] ?? 'player' : 'guest';
}
