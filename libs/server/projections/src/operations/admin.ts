import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';

/** The caller, who must be an admin: operators' reads and actions (the role is the account's, read per request). */
export function requireAdmin(viewer: Principal | null): Principal {
  if (!viewer) throw new Refusal('UNAUTHENTICATED', 'sign in first: send "Authorization: Bearer <token>"');
  if (viewer.role !== 'admin') throw new Refusal('FORBIDDEN', 'admins only');
  return viewer;
}
