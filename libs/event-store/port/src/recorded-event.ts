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

/**
 * A stored event as a reader gets it: data and metadata are parsed into fresh objects, so a reader can never
 * mutate what the store holds. Each is parsed when first read (then kept), not before: a subscriber that
 * looks at an event's stream, type or metadata only (ADR 0026) never pays for parsing its data. Both are own
 * enumerable properties, so spreading, structured cloning and JSON see plain fields. The stores write only JSON
 * that `prepareAppend` produced.
 */
export function toRecordedEvent(event: StoredJsonEvent): RecordedEvent {
  let dataText: string | null = event.data;
  let data: unknown;
  let metadataText: string | null = event.metadata;
  let metadata: RecordedEvent['metadata'] | undefined;
  return {
    id: event.id,
    type: event.type,
    get data(): unknown {
      if (dataText !== null) {
        data = JSON.parse(dataText) as unknown;
        dataText = null;
      }
      return data;
    },
    get metadata(): RecordedEvent['metadata'] {
      if (metadataText !== null) {
        metadata = JSON.parse(metadataText) as RecordedEvent['metadata'];
        metadataText = null;
      }
      return metadata as RecordedEvent['metadata'];
    },
    streamName: event.stream,
    revision: event.revision,
    position: event.position,
    created: new Date(Number(event.created)),
  };
}
