import type { RecordedEvent } from '@liars-dice/event-store-port';
import { isStreamEvent, matchIdOf, readMetadata } from '@liars-dice/game-match';
import type { ProjectedEvent } from '@liars-dice/game-projections';

/** A stored event as the reducers see it, or null for anything that is not a match event they know. */
export function toProjected(recorded: RecordedEvent): ProjectedEvent | null {
  const matchId = matchIdOf(recorded.streamName);
  if (matchId === null || !isStreamEvent(recorded)) return null;
  const { actor, commandId, recordedAt } = readMetadata(recorded.metadata);
  return {
    matchId,
    index: Number(recorded.revision),
    event: { type: recorded.type, data: recorded.data } as ProjectedEvent['event'],
    actor,
    commandId,
    at: recordedAt ?? recorded.created.getTime(),
  };
}
