import { redirect } from 'next/navigation';
import { requireSession } from '@/data/server-session';

/** Your own profile (sign in first). */
export default async function MePage() {
  const session = await requireSession('/me');
  redirect(`/players/${session.account.id}?name=${encodeURIComponent(session.account.name)}`);
}
