import type { EventFilter, RecordedEvent } from './types';

/** The one reading of `EventFilter` every adapter applies (or translates to its server-side filter). */
export function matchesFilter(
  event: Pick<RecordedEvent, 'streamName' | 'type'>,
  filter: EventFilter | undefined,
): boolean {
  return filterKeeps(filter, event.streamName, event.type);
}

/** The same rule on a stored event's stream and type, before its JSON is parsed (subscriptions skip most events). */
export function filterKeeps(filter: EventFilter | undefined, stream: string, type: string): boolean {
  if (!filter) return true;
  if ('streamPrefixes' in filter) return filter.streamPrefixes.some((prefix) => stream.startsWith(prefix));
  return filter.eventTypes.includes(type);
}
