import { randomUUID } from 'node:crypto';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { ADMIN_FENCE_STREAM, ADMIN_ROLE_REMOVED } from './last-admin';

interface Removal {
  readonly account: string;
  readonly role: string;
  readonly by: string;
}

/**
 * Finishes every admin-role removal whose account's own `RoleGranted` was never written (ADR 0037). A removal is
 * two appends (last-admin.ts): `AdminRoleRemoved` to the fence stream, then `RoleGranted` to the account. A process
 * that died between them left the fence counting the account out of the admins while its own stream, which every
 * token's role is read from, still says admin: one admin short for every later removal's decision (stricter, never
 * zero admins), and an account still acting as an admin that its admin had demoted. The fence event is the
 * decision, taken and fenced: what is missing is only its record on the account, so it is written, as the admin
 * who decided it (`by`). A removal counts as interrupted when the account's stream has nothing after it in store
 * order; the grant is appended at the revision read, so one written meanwhile (the removal's own, late, or a new
 * grant) wins and this one is dropped. Reads the fence stream (one event per admin removal ever) and one event of
 * each account it names. Returns the account streams it completed.
 */
export async function completeInterruptedRemovals(store: EventStore): Promise<string[]> {
  const fence = (await store.readStreamIfExists(ADMIN_FENCE_STREAM)) ?? [];
  const latest = new Map<string, { readonly removal: Removal; readonly event: RecordedEvent }>();
  for (const event of fence) {
    const removal = event.data as Partial<Removal> | null;
    if (event.type === ADMIN_ROLE_REMOVED && typeof removal?.account === 'string') latest.set(removal.account, { removal: removal as Removal, event });
  }
  const completed: string[] = [];
  for (const [stream, { removal, event }] of latest) {
    const [last] = (await store.readStreamIfExists(stream, { direction: 'backwards', maxCount: 1 })) ?? [];
    if (last === undefined || last.position > event.position) continue;
    try {
      await store.appendToStream(stream, [{ id: randomUUID(), type: 'RoleGranted', data: { role: removal.role, by: removal.by } }], { expectedRevision: last.revision });
      completed.push(stream);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  return completed;
}
