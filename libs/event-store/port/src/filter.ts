import type { EventFilter, RecordedEvent } from './types';

/** The one reading of `EventFilter` every adapter applies (or translates to its server-side filter). */
export function matchesFilter(
  event: Pick<RecordedEvent, 'streamName' | 'type'>,
  filter: EventFilter | undefined,
): boolean {
  if (!filter) return true;
  if ('streamPrefixes' in filter)
    return filter.streamPrefixes.some((prefix) => event.streamName.startsWith(prefix));
  return filter.eventTypes.includes(event.type);
}
