import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend, RecordedEvent } from '@liars-dice/event-store-port';
import { type Actor, matchStream, metadataFor, type StreamEvent } from '@liars-dice/game-match';
import type { ProjectedEvent } from '@liars-dice/game-projections';
import { playedMatch, type TableSetup } from '@liars-dice/game-projections/testing';

/** The sender a sample event's actor names (`account:<id>`, `cpu:<seat>`; anything else: the timer). */
function senderOf(actor: string | null): Actor {
  const [kind, id = ''] = (actor ?? '').split(':');
  if (kind === 'account') return { kind, id, name: `${id}-name` };
  return kind === 'cpu' ? { kind, seat: id } : { kind: 'timer' };
}

/** A sample event as the game service writes it: a command of its own, stamped by the one metadata writer. */
export function toAppend(projected: ProjectedEvent): EventToAppend {
  const stamp = { commandId: projected.commandId ?? `sample-${projected.index}`, actor: senderOf(projected.actor), at: projected.at, command: 'Sample', request: {} };
  const [metadata] = metadataFor(stamp, 1);
  return { id: randomUUID(), type: projected.event.type, data: projected.event.data, metadata };
}

/** A sample event as the store would deliver it, at a global position (engine tests without a store). */
export function toRecorded(projected: ProjectedEvent, position: bigint): RecordedEvent {
  const { id, type, data, metadata } = toAppend(projected);
  return { id, type, data, metadata: metadata ?? {}, streamName: matchStream(projected.matchId), revision: BigInt(projected.index), position, created: new Date(projected.at) };
}

/** Appends whole sample matches to `match-<id>` streams, `chunk` events per append, matches interleaved. */
export async function appendMatches(store: EventStore, setups: readonly TableSetup[], chunk = 16): Promise<number> {
  const logs = setups.map((setup) => playedMatch(setup));
  let appended = 0;
  for (let offset = 0; logs.some((log) => offset < log.length); offset += chunk) {
    for (const log of logs) {
      const slice = log.slice(offset, offset + chunk);
      if (slice.length === 0) continue;
      const matchId = slice[0]?.matchId ?? '';
      await store.appendToStream(matchStream(matchId), slice.map(toAppend), { expectedRevision: offset === 0 ? 'no_stream' : BigInt(offset - 1) });
      appended += slice.length;
    }
  }
  return appended;
}

/** Appends one later event (a moderation event, say) to a match. */
export async function appendTo(store: EventStore, matchId: string, event: StreamEvent): Promise<void> {
  const [metadata] = metadataFor({ commandId: `later-${randomUUID()}`, actor: { kind: 'account', id: 'moderator', name: 'moderator' }, at: 0, command: 'Sample', request: {} }, 1);
  await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: event.type, data: event.data, metadata }]);
}

/** A mix of tables: every family, humans and CPUs, ranked, practice and tutorial. */
export function sampleTables(count: number, prefix = 'm'): TableSetup[] {
  const families = ['classic', 'perudo', 'revolver'] as const;
  const kinds = ['regular', 'regular', 'regular', 'practice', 'tutorial'] as const;
  const people = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'];
  return Array.from({ length: count }, (_, i) => {
    const size = 2 + (i % 4);
    const kind = kinds[i % kinds.length] ?? 'regular';
    const ranked = kind === 'regular' && i % 2 === 0;
    const accounts = Array.from({ length: size }, (_, s) => (ranked || s < 2 ? (people[(i + s) % people.length] ?? null) : null));
    return { matchId: `${prefix}${i}`, ruleset: families[i % 3], accounts, kind, ranked, seed: 1000 + i, at: 1_700_000_000_000 + i * 60_000 };
  });
}

/**
 * The port's `readStreamIfExists` over recorded events (engine tests without a store), counting its reads:
 * a stream's events from `fromRevision` on, at most `maxCount`; null for a stream it never saw.
 */
export function streamsOf(events: readonly RecordedEvent[]): Pick<EventStore, 'readStreamIfExists'> & { readonly reads: () => number } {
  let reads = 0;
  return {
    reads: () => reads,
    readStreamIfExists: async (stream, options) => {
      reads++;
      const from = typeof options?.fromRevision === 'bigint' ? options.fromRevision : 0n;
      if (!events.some((e) => e.streamName === stream)) return null;
      const found = events.filter((e) => e.streamName === stream && e.revision >= from);
      return found.slice(0, options?.maxCount ?? found.length);
    },
  };
}
