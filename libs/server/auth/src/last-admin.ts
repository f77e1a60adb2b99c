import type { Role } from './principal';

/** An account event as the store holds it: enough to tell who is an admin. */
export interface AccountEventRecord {
  readonly streamName: string;
  readonly type: string;
  readonly data: unknown;
}

/** The account events that set a role; only these are read to count the admins. */
export const ROLE_EVENT_TYPES = ['AccountRegistered', 'RoleGranted'] as const;

/**
 * The account streams whose account is an admin now, folded from their role events in store order: a
 * registration sets the role (a name registered again starts over), a grant replaces it.
 */
export function adminStreams(events: readonly AccountEventRecord[]): ReadonlySet<string> {
  const roles = new Map<string, unknown>();
  for (const { streamName, type, data } of events) {
    if (type === 'AccountRegistered' || type === 'RoleGranted') roles.set(streamName, (data as { role?: unknown } | null)?.role);
  }
  return new Set([...roles].flatMap(([stream, role]) => (role === 'admin' ? [stream] : [])));
}

/**
 * Whether giving `role` to the account in `stream` would leave the service with no admin: only an admin can
 * grant roles, so nobody could ever grant one again. Demoting oneself is fine while another admin remains.
 */
export function leavesNoAdmin(stream: string, role: Role, admins: ReadonlySet<string>): boolean {
  return role !== 'admin' && admins.has(stream) && admins.size === 1;
}
