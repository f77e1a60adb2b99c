import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';

export function isModerator(viewer: Principal | null): boolean {
  return viewer?.role === 'moderator' || viewer?.role === 'admin';
}

/** The caller, who must be a moderator or an admin. */
export function requireModerator(viewer: Principal | null): Principal {
  if (!viewer) throw new Refusal('UNAUTHENTICATED', 'sign in first: send "Authorization: Bearer <token>"');
  if (!isModerator(viewer)) throw new Refusal('FORBIDDEN', 'moderators only');
  return viewer;
}

/**
 * Whose entries a caller may read: moderators anyone's (or everyone's, with no account named); a player only
 * their own.
 */
export function subjectFor(viewer: Principal | null, account: string | null | undefined): string | null {
  if (!viewer) throw new Refusal('UNAUTHENTICATED', 'sign in first: send "Authorization: Bearer <token>"');
  if (isModerator(viewer)) return account ?? null;
  if (account && account !== viewer.id) throw new Refusal('FORBIDDEN', 'account: players see only their own', 'account');
  return viewer.id;
}
