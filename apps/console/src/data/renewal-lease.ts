/**
 * One renewer among the tabs of a browser without Web Locks (plain http off localhost, ADR 0034): a lease in
 * localStorage, which every tab of the origin shares, with an expiry so that a tab closed while holding it frees
 * it. Browser-only.
 */

const LEASE_KEY = 'ld-session-renewal-lease';
/** A held lease lapses this long after it was last written; the holder writes it again every third of that. */
export const LEASE_MS = 6_000;
/**
 * How long a tab waits after writing the lease before it reads who holds it. Another tab's localStorage write
 * reaches this tab's copy a moment later: of two tabs that both
 * found the lease free and wrote it, each then reads the same last writer.
 */
export const SETTLE_MS = 250;

export interface Lease {
  readonly owner: string;
  /** ms since the epoch */
  readonly until: number;
}

/** The lease as stored; anything malformed counts as no lease (a lease it cannot read must not block renewals). */
export function parseLease(raw: string | null): Lease | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Lease>;
    return typeof value.owner === 'string' && typeof value.until === 'number' && Number.isFinite(value.until) ? { owner: value.owner, until: value.until } : null;
  } catch {
    return null;
  }
}

/** How long `me` must wait at `now` before trying for the lease: 0 when nobody holds it, it lapsed or it is mine. */
export function waitForLease(lease: Lease | null, me: string, now: number): number {
  return !lease || lease.owner === me ? 0 : Math.max(0, lease.until - now);
}

const read = (): Lease | null => parseLease(localStorage.getItem(LEASE_KEY));
const write = (me: string) => localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: me, until: Date.now() + LEASE_MS }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the lease is written by another tab (a release or a take), or after `ms`. */
function leaseChangesOr(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', changed);
      resolve();
    };
    const changed = (event: StorageEvent) => void (event.key === LEASE_KEY && done());
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', changed);
  });
}

/** Whether this page may use localStorage (a browser's privacy settings can refuse it, throwing on access). */
function storageUsable(): boolean {
  try {
    localStorage.getItem(LEASE_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `run` once this tab holds the lease, keeping it while `run` lasts and releasing it after. Where
 * localStorage is refused, `run` runs at once: tabs renewing together may then each ask, but the session is renewed.
 */
export async function underLease(run: () => Promise<void>): Promise<void> {
  if (!storageUsable()) return run();
  // randomUUID is for secure contexts only, and this runs where the page is not one.
  const me = Array.from(crypto.getRandomValues(new Uint32Array(4)), (part) => part.toString(36)).join('-');
  for (;;) {
    const wait = waitForLease(read(), me, Date.now());
    if (wait > 0) {
      await leaseChangesOr(wait);
      continue;
    }
    write(me);
    await sleep(SETTLE_MS);
    if (read()?.owner === me) break;
  }
  // A renewal slower than the lease (a slow network) keeps it: another tab must not start its own meanwhile.
  const keep = setInterval(() => write(me), LEASE_MS / 3);
  try {
    await run();
  } finally {
    clearInterval(keep);
    if (read()?.owner === me) localStorage.removeItem(LEASE_KEY);
  }
}
