import type { Role } from './principal';

/** An account event as the store holds it: enough to tell who is an admin. */
export interface AccountEventRecord {
  readonly streamName: string;
  readonly type: string;
  readonly data: unknown;
}

/**
 * The one stream every change that takes the admin role from an account is appended to first, at the revision
 * its decision read (ADR 0037): two such changes decided on the same admins cannot both be appended, so the
 * second is decided again on the first's outcome. Its `AdminRoleRemoved { account, role, by }` names the
 * account's stream; the account's own `RoleGranted` follows it.
 */
export const ADMIN_FENCE_STREAM = 'admin-roles';
export const ADMIN_ROLE_REMOVED = 'AdminRoleRemoved';

/** The events that set a role; only these are read to count the admins. */
export const ROLE_EVENT_TYPES = ['AccountRegistered', 'RoleGranted', ADMIN_ROLE_REMOVED] as const;

/** An account event as the store holds it, with its revision in its stream (the fence's is read from it). */
export interface RevisionedEventRecord extends AccountEventRecord {
  readonly revision: bigint;
}

/**
 * The account streams whose account is an admin now, folded from the role events in store order: a
 * registration sets the role (a name registered again starts over), a grant replaces it, and so does the fence's
 * `AdminRoleRemoved` (written just before its grant: the admins count it at once).
 */
export function adminStreams(events: readonly AccountEventRecord[]): ReadonlySet<string> {
  const roles = new Map<string, unknown>();
  for (const { streamName, type, data } of events) {
    if (type === 'AccountRegistered' || type === 'RoleGranted') roles.set(streamName, (data as { role?: unknown } | null)?.role);
    else if (type === ADMIN_ROLE_REMOVED && streamName === ADMIN_FENCE_STREAM) {
      const removed = data as { account?: unknown; role?: unknown } | null;
      if (typeof removed?.account === 'string') roles.set(removed.account, removed.role);
    }
  }
  return new Set([...roles].flatMap(([stream, role]) => (role === 'admin' ? [stream] : [])));
}

/** The fence stream's revision these events end at: what an `AdminRoleRemoved` decided on them must expect. */
export function fenceRevision(events: readonly RevisionedEventRecord[]): bigint | 'no_stream' {
  let revision: bigint | 'no_stream' = 'no_stream';
  for (const event of events) if (event.streamName === ADMIN_FENCE_STREAM) revision = event.revision;
  return revision;
}

/**
 * Whether giving `role` to the account in `stream` would leave the service with no admin: only an admin can
 * grant roles, so nobody could ever grant one again. Demoting oneself is fine while another admin remains.
 */
export function leavesNoAdmin(stream: string, role: Role, admins: ReadonlySet<string>): boolean {
  return role !== 'admin' && admins.has(stream) && admins.size === 1;
}
