import type { RecordedEvent, StreamName } from './types';

/** An event as the JSON-text stores keep it: data and metadata as written by `prepareAppend`. */
export interface StoredJsonEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly stream: StreamName;
  readonly revision: bigint;
  readonly position: bigint;
  /** Commit time, milliseconds since the epoch. */
  readonly created: bigint | number;
}

/** Parses a stored event into fresh objects, so a reader can never mutate what the store holds. */
export function toRecordedEvent(event: StoredJsonEvent): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    data: JSON.parse(event.data) as unknown,
    metadata: JSON.parse(event.metadata) as RecordedEvent['metadata'],
    streamName: event.stream,
    revision: event.revision,
    position: event.position,
    created: new Date(Number(event.created)),
  };
}
