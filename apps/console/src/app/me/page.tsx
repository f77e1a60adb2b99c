import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { parseSession, SESSION_COOKIE } from '@/data/session';

/** Your own profile (sign in first). */
export default async function MePage() {
  const session = parseSession((await cookies()).get(SESSION_COOKIE)?.value);
  if (!session) redirect('/sign-in?next=/me');
  redirect(`/players/${session.account.id}?name=${encodeURIComponent(session.account.name)}`);
}
