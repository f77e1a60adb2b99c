/**
 * What tournaments read of moderation's sanctions (docs/moderation.md: `SanctionImposed` and `SanctionLifted`
 * on a `sanctions-<accountId>` stream). A ranked ban and a collusion mark bar an account from ranked
 * competition, tournaments included; a warning does not.
 */
const DISQUALIFYING_KINDS: readonly string[] = ['ranked-ban', 'collusion-mark'];
const LIFTED = 'SanctionLifted';

export interface DisqualifyingSanction {
  readonly sanctionId: string;
  readonly account: string;
  readonly kind: string;
  readonly reason: string;
  /** When a ranked ban ends; null for a mark (it stays until lifted). */
  readonly until: number | null;
}

/** The sanction a `SanctionImposed` event's data imposes, when it disqualifies; null otherwise. */
export function disqualifyingSanctionOf(data: unknown): DisqualifyingSanction | null {
  if (!data || typeof data !== 'object') return null;
  const { sanctionId, account, kind, reason, until } = data as Record<string, unknown>;
  const accountId = account && typeof account === 'object' ? (account as { id?: unknown }).id : undefined;
  if (typeof sanctionId !== 'string' || typeof accountId !== 'string' || typeof kind !== 'string') return null;
  if (!DISQUALIFYING_KINDS.includes(kind)) return null;
  return { sanctionId, account: accountId, kind, reason: typeof reason === 'string' ? reason : '', until: typeof until === 'number' ? until : null };
}

/** Whether the sanction still holds at `now` given its account's stream: not lifted, and a ban not yet over. */
export function inForceAt(sanction: DisqualifyingSanction, history: readonly { type: string; data: unknown }[], now: number): boolean {
  if (sanction.until !== null && now >= sanction.until) return false;
  return !history.some((event) => event.type === LIFTED && (event.data as { sanctionId?: unknown } | null)?.sanctionId === sanction.sanctionId);
}
