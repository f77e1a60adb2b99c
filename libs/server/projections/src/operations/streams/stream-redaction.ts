import type { RecordedEvent } from '@liars-dice/event-store-port';
import { auditEntry, auditTrail } from '@liars-dice/game-projections';
import { toProjected } from '../../engine/projected';
import type { StreamKind } from './stream-kinds';

/**
 * What the stream browser held back from an event: a sealed seed (the secret seed encrypted with the server's
 * key, which never leaves the server), or a round's dice before its reveal.
 */
export type Withheld = 'sealedSeed' | 'dice';

/** An event as an operator sees it: its data and metadata with the secrets taken out, and which were. */
export interface ShownEvent {
  readonly data: unknown;
  readonly metadata: unknown;
  readonly withheld: readonly Withheld[];
}

const SECRET_KEY = 'sealedSeed';

/** A copy without any `sealedSeed` key, at any depth (wherever a writer put one), and whether there was one. */
function withoutSealedSeed(value: unknown): { readonly value: unknown; readonly removed: boolean } {
  if (Array.isArray(value)) {
    const items = value.map(withoutSealedSeed);
    return { value: items.map((item) => item.value), removed: items.some((item) => item.removed) };
  }
  if (typeof value !== 'object' || value === null) return { value, removed: false };
  let removed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === SECRET_KEY) {
      removed = true;
      continue;
    }
    const shown = withoutSealedSeed(inner);
    removed ||= shown.removed;
    copy[key] = shown.value;
  }
  return { value: copy, removed };
}

/**
 * A match's event data as its audit trail shows it to moderators (game-projections' `auditTrail`): each round's
 * dice null until the event that reveals that round, as `playerView` shows them, and every hand once the match
 * is finished (the seed is public then). Admins get no more: no one sees a live round's hands (ADR 0074).
 */
function matchData(events: readonly RecordedEvent[]): Map<bigint, unknown> {
  const entries = events.flatMap((event) => {
    const projected = toProjected(event);
    return projected ? [auditEntry(projected)] : [];
  });
  return new Map(auditTrail(entries, 'moderator').entries.map((entry) => [BigInt(entry.index), entry.data]));
}

function diceHidden(original: unknown, shown: unknown): boolean {
  const dice = (data: unknown) => (typeof data === 'object' && data !== null ? (data as { dice?: unknown }).dice : undefined);
  return dice(original) != null && dice(shown) === null;
}

/**
 * A whole stream (read to its head: whether a round is revealed depends on what came after it) as an operator
 * may see it, event by event, in the stream's order. The server applies these rules; the browser only shows.
 */
export function shownStream(kind: StreamKind, events: readonly RecordedEvent[]): ShownEvent[] {
  const revealed = kind === 'match' ? matchData(events) : null;
  return events.map((event) => {
    const data = revealed?.has(event.revision) ? revealed.get(event.revision) : event.data;
    const shownData = withoutSealedSeed(data);
    const shownMetadata = withoutSealedSeed(event.metadata);
    const withheld: Withheld[] = [];
    if (withoutSealedSeed(event.data).removed || shownMetadata.removed) withheld.push('sealedSeed');
    if (diceHidden(event.data, shownData.value)) withheld.push('dice');
    return { data: shownData.value, metadata: shownMetadata.value, withheld };
  });
}
