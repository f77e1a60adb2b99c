/**
 * Limits every adapter enforces identically, so an event accepted by the in-memory store in a unit test is
 * never refused by SQLite or EventStoreDB in production.
 *
 * 1 MiB per append matches EventStoreDB's default `MaxAppendSize` (it counts data + metadata bytes of the
 * whole append); a Liar's Dice event is a few hundred bytes, so the limit only ever stops a bug.
 */
export const MAX_APPEND_BYTES = 1024 * 1024;
export const MAX_STREAM_NAME_LENGTH = 512;
export const MAX_EVENT_TYPE_LENGTH = 256;
/** Upper bound for one append's event count; larger batches belong in several appends. */
export const MAX_EVENTS_PER_APPEND = 10_000;
