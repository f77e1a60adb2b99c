import type { AllStreamResolvedEvent, EventData, JSONType, ResolvedEvent } from '@eventstore/db-client';
import {
  EventStoreError,
  matchesFilter,
  type EventFilter,
  type EventMetadata,
  type EventToAppend,
  type PreparedAppend,
  type RecordedEvent,
} from '@liars-dice/event-store-port';

/** What servers older than 22.6 put where a stream read's position should be. */
const NO_POSITION = 0xffff_ffff_ffff_ffffn;

/** Events go over the wire as JSON, so EventStoreDB's UI, projections and filters can read them. */
export function toEventData(append: PreparedAppend, originals: readonly EventToAppend[]): EventData[] {
  return append.events.map((event, index) => ({
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // The port accepts any JSON value; the client types data as object/array/string but only stringifies it.
    data: (originals[index]?.data ?? null) as JSONType,
    metadata: JSON.parse(event.metadata) as JSONType,
  }));
}

/**
 * Server-internal records (`$`-prefixed streams or types: metadata, tombstones, projection links) are
 * never port events; the port's own validation keeps `$` out of every name a caller can write.
 */
export function isSystemRecord(resolved: ResolvedEvent | AllStreamResolvedEvent): boolean {
  const event = resolved.event;
  return !event || event.streamId.startsWith('$') || event.type.startsWith('$');
}

/** The global position of a record, as the port counts it (EventStoreDB's commit position). */
export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): bigint | undefined {
  const position = resolved.event?.position?.commit ?? resolved.commitPosition;
  return position === NO_POSITION ? undefined : position;
}

export function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent {
  const event = resolved.event;
  const position = positionOf(resolved);
  if (!event || position === undefined) {
    throw new EventStoreError(
      'EventStoreDB returned an event without its position; this adapter needs a server ≥ 22.6',
    );
  }
  const metadata = event.metadata;
  return {
    id: event.id,
    type: event.type,
    data: event.isJson ? event.data : Buffer.from(event.data).toString('utf8'),
    metadata: isPlainObject(metadata) ? (metadata as EventMetadata) : {},
    streamName: event.streamId,
    revision: event.revision,
    position,
    created: event.created,
  };
}

/** The port's reading of a filter, applied on top of (never instead of) the server-side one. */
export function accepts(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
  filter: EventFilter | undefined,
): boolean {
  const event = resolved.event;
  return (
    !!event &&
    !isSystemRecord(resolved) &&
    matchesFilter({ streamName: event.streamId, type: event.type }, filter)
  );
}

function isPlainObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}
