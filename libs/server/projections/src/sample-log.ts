import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@liars-dice/event-store-port';
import { type ProjectableEvent, type ProjectedEvent, playedMatch, type TableSetup } from '@liars-dice/game-projections';

/** A stored event as the game service writes it (command id, actor and time in the metadata). */
export function toAppend(projected: ProjectedEvent): EventToAppend {
  return {
    id: randomUUID(),
    type: projected.event.type,
    data: projected.event.data,
    metadata: { commandId: projected.commandId ?? undefined, actor: projected.actor ?? undefined, recordedAt: new Date(projected.at).toISOString() },
  };
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
      await store.appendToStream(`match-${matchId}`, slice.map(toAppend), { expectedRevision: offset === 0 ? 'no_stream' : BigInt(offset - 1) });
      appended += slice.length;
    }
  }
  return appended;
}

/** Appends one later event (a moderation event, say) to a match. */
export async function appendTo(store: EventStore, matchId: string, event: ProjectableEvent): Promise<void> {
  await store.appendToStream(`match-${matchId}`, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { recordedAt: new Date(0).toISOString() } }]);
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
