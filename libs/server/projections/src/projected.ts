import type { RecordedEvent } from '@liars-dice/event-store-port';
import { isProjectable, type ProjectedEvent } from '@liars-dice/game-projections';

export const MATCH_PREFIX = 'match-';

/** A stored event as the reducers see it, or null for anything that is not a match event they know. */
export function toProjected(recorded: RecordedEvent): ProjectedEvent | null {
  if (!recorded.streamName.startsWith(MATCH_PREFIX) || !isProjectable(recorded)) return null;
  const { actor, commandId, recordedAt } = recorded.metadata;
  const written = typeof recordedAt === 'string' ? Date.parse(recordedAt) : Number.NaN;
  return {
    matchId: recorded.streamName.slice(MATCH_PREFIX.length),
    index: Number(recorded.revision),
    event: { type: recorded.type, data: recorded.data } as ProjectedEvent['event'],
    actor: typeof actor === 'string' ? actor : null,
    commandId: typeof commandId === 'string' ? commandId : null,
    at: Number.isFinite(written) ? written : recorded.created.getTime(),
  };
}
