import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { PROJECTED_STREAMS } from '../engine/projected-streams';
import type { ProjectionEngine } from '../engine/projection-engine';

export interface RebuildProgress {
  /** Events read so far. */
  readonly events: number;
  /** Share of the log (by position) done, 0…1. */
  readonly fraction: number;
}

export interface RebuildResult {
  readonly events: number;
  readonly applications: number;
  readonly projections: readonly string[];
}

const PAGE = 2000;

/**
 * Empties the named projections (all by default) and replays every match event from the first, a page per
 * transaction. Projections not named keep their rows and only catch up if behind. Run it with the API that
 * owns the read database stopped (its projections thread is the read database's one writer). Match facts a
 * page needs and memory lacks (a dispute on a match finished long before) are read from the match's stream.
 */
export async function rebuildProjections(
  store: EventStore,
  engine: ProjectionEngine,
  names: readonly string[] = engine.names,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult> {
  const unknown = names.filter((n) => !engine.names.includes(n));
  if (unknown.length > 0) throw new Error(`unknown projection(s): ${unknown.join(', ')}; known: ${engine.names.join(', ')}`);
  engine.reset(names);
  const filter = { streamPrefixes: [...PROJECTED_STREAMS] };
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1, filter });
  const head = last?.position ?? 0n;
  let from: bigint | 'start' = 'start';
  let events = 0;
  let applications = 0;
  for (;;) {
    const cursor = from;
    const page: RecordedEvent[] = (await store.readAll({ fromPosition: from, maxCount: PAGE, filter })).filter((e) => cursor === 'start' || e.position > cursor);
    if (page.length === 0) break;
    await engine.prepare(page, store);
    applications += engine.applyBatch(page);
    events += page.length;
    const end: bigint = page[page.length - 1]?.position ?? head;
    from = end;
    onProgress?.({ events, fraction: head === 0n ? 1 : Math.min(1, Number(end) / Number(head)) });
    if (end >= head) break;
  }
  return { events, applications, projections: [...names] };
}
