import type { EventStore } from '@liars-dice/event-store-port';
import { PROJECTED_STREAMS } from '../engine/projected-streams';

/** Events counted past a checkpoint before "at least this many" is the answer. */
export const BEHIND_CAP = 10_000;

/** How far a projection is behind the store: in events, and in the age of the oldest event it has not applied. */
export interface ProjectionLag {
  /** Projected events in the store after the checkpoint (at most BEHIND_CAP). */
  readonly events: number;
  /** More than BEHIND_CAP are waiting. */
  readonly capped: boolean;
  /** Seconds since the store committed the first event after the checkpoint (0 at the head). */
  readonly seconds: number;
}

/** The lag of a projection whose checkpoint is `position` (null: it has applied nothing), at `now` (epoch ms). */
export async function lagAfter(store: Pick<EventStore, 'readAll'>, position: bigint | null, now: number): Promise<ProjectionLag> {
  const read = await store.readAll({ fromPosition: position ?? 'start', maxCount: BEHIND_CAP + 1, filter: { streamPrefixes: [...PROJECTED_STREAMS] } });
  const ahead = position === null ? read : read.filter((e) => e.position > position);
  const first = ahead[0];
  return {
    events: Math.min(ahead.length, BEHIND_CAP),
    capped: ahead.length > BEHIND_CAP,
    seconds: first ? Math.max(0, now - first.created.getTime()) / 1000 : 0,
  };
}
