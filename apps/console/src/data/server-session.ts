import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { parseSession, type Session, SESSION_COOKIE } from './session';

/** A page for signed-in readers: the session from the cookie, or off to sign in and back here after. */
export async function requireSession(next: string): Promise<Session> {
  const session = parseSession((await cookies()).get(SESSION_COOKIE)?.value);
  if (!session) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  return session;
}
