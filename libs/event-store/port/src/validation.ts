import { InvalidEventStoreInputError as Invalid } from './errors';
import { toJsonText } from './json';
import {
  MAX_APPEND_BYTES,
  MAX_EVENT_TYPE_LENGTH,
  MAX_EVENTS_PER_APPEND,
  MAX_STREAM_NAME_LENGTH,
} from './limits';
import type { EventFilter, EventToAppend, ExpectedRevision, StreamName } from './types';

/** An event checked and serialised once, ready for any adapter to write. */
export interface PreparedEvent {
  /** Lower-cased, so a retry spelled in upper case is still recognised as the same event. */
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export interface PreparedAppend {
  readonly stream: StreamName;
  readonly expectedRevision: ExpectedRevision;
  readonly events: readonly PreparedEvent[];
  /** UTF-8 bytes of data + metadata over the whole append. */
  readonly bytes: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;
const REVISION_KINDS = ['no_stream', 'stream_exists', 'any'] as const;
const STRING_METADATA = ['correlationId', 'causationId', 'commandId', 'actor', 'recordedAt'] as const;

export function validateStreamName(stream: unknown, field = 'stream'): asserts stream is StreamName {
  if (typeof stream !== 'string') throw new Invalid(field, `must be a string, got ${typeof stream}`);
  if (stream.length === 0) throw new Invalid(field, 'must not be empty');
  if (stream.length > MAX_STREAM_NAME_LENGTH)
    throw new Invalid(field, `is longer than ${MAX_STREAM_NAME_LENGTH} characters`);
  if (stream.startsWith('$'))
    throw new Invalid(field, `must not start with "$" (reserved for system streams): ${stream}`);
  if (CONTROL.test(stream)) throw new Invalid(field, 'must not contain control characters');
}

export function validateExpectedRevision(
  value: unknown,
  field = 'expectedRevision',
): asserts value is ExpectedRevision {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new Invalid(field, `revisions are 0-based; ${value} is negative`);
    return;
  }
  if (!(REVISION_KINDS as readonly unknown[]).includes(value)) {
    throw new Invalid(
      field,
      `must be 'no_stream', 'stream_exists', 'any' or a bigint revision ≥ 0n, got ${describe(value)}`,
    );
  }
}

export function validateEventId(id: unknown, field: string): asserts id is string {
  if (typeof id !== 'string' || !UUID.test(id))
    throw new Invalid(field, `must be a UUID, got ${describe(id)}`);
}

/** Checks a whole append and serialises it once; every adapter calls this before touching its storage. */
export function prepareAppend(
  stream: unknown,
  events: unknown,
  expectedRevision: unknown = 'any',
): PreparedAppend {
  validateStreamName(stream);
  validateExpectedRevision(expectedRevision);
  if (!Array.isArray(events)) throw new Invalid('events', `must be an array, got ${describe(events)}`);
  if (events.length === 0) throw new Invalid('events', 'must contain at least one event');
  if (events.length > MAX_EVENTS_PER_APPEND)
    throw new Invalid('events', `holds more than ${MAX_EVENTS_PER_APPEND} events`);
  const seen = new Map<string, number>();
  let bytes = 0;
  const prepared = events.map((event: unknown, index) => {
    const one = prepareEvent(event, `events[${index}]`);
    const earlier = seen.get(one.id);
    if (earlier !== undefined)
      throw new Invalid(`events[${index}].id`, `repeats events[${earlier}].id (${one.id})`);
    seen.set(one.id, index);
    bytes += Buffer.byteLength(one.data) + Buffer.byteLength(one.metadata);
    return one;
  });
  if (bytes > MAX_APPEND_BYTES) {
    throw new Invalid(
      'events',
      `append is ${bytes} bytes of data + metadata; the limit is ${MAX_APPEND_BYTES} (1 MiB)`,
    );
  }
  return { stream, expectedRevision, events: prepared, bytes };
}

function prepareEvent(event: unknown, field: string): PreparedEvent {
  if (typeof event !== 'object' || event === null)
    throw new Invalid(field, `must be an event object, got ${describe(event)}`);
  const { id, type, data, metadata } = event as Partial<EventToAppend>;
  validateEventId(id, `${field}.id`);
  validateEventType(type, `${field}.type`);
  if (data === undefined)
    throw new Invalid(`${field}.data`, 'is required (use null for an event without data)');
  const dataText = toJsonText(data, `${field}.data`);
  return { id: id.toLowerCase(), type, data: dataText, metadata: metadataText(metadata, `${field}.metadata`) };
}

function validateEventType(type: unknown, field: string): asserts type is string {
  if (typeof type !== 'string' || type.length === 0)
    throw new Invalid(field, `must be a non-empty string, got ${describe(type)}`);
  if (type.length > MAX_EVENT_TYPE_LENGTH)
    throw new Invalid(field, `is longer than ${MAX_EVENT_TYPE_LENGTH} characters`);
  if (type.startsWith('$'))
    throw new Invalid(field, `must not start with "$" (reserved for system events): ${type}`);
}

function metadataText(metadata: unknown, field: string): string {
  if (metadata === undefined) return '{}';
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new Invalid(field, `must be a plain object, got ${describe(metadata)}`);
  }
  const text = toJsonText(metadata, field);
  for (const key of STRING_METADATA) {
    const value = (metadata as Record<string, unknown>)[key];
    if (value !== undefined && typeof value !== 'string')
      throw new Invalid(`${field}.${key}`, `must be a string, got ${describe(value)}`);
  }
  return text;
}

/** `fromRevision` / `fromPosition`: 'start', 'end' or a bigint ≥ 0n. */
export function validateFrom(value: unknown, field: string): void {
  if (value === undefined || value === 'start' || value === 'end') return;
  if (typeof value === 'bigint' && value >= 0n) return;
  throw new Invalid(field, `must be 'start', 'end' or a bigint ≥ 0n, got ${describe(value)}`);
}

export function validateReadOptions(
  options: { direction?: unknown; maxCount?: unknown; filter?: unknown } | undefined,
  fromField: 'fromRevision' | 'fromPosition',
): void {
  if (options === undefined) return;
  if (
    options.direction !== undefined &&
    options.direction !== 'forwards' &&
    options.direction !== 'backwards'
  ) {
    throw new Invalid('direction', `must be 'forwards' or 'backwards', got ${describe(options.direction)}`);
  }
  validateFrom((options as Record<string, unknown>)[fromField], fromField);
  const { maxCount } = options;
  if (
    maxCount !== undefined &&
    (typeof maxCount !== 'number' || !Number.isSafeInteger(maxCount) || maxCount < 1)
  ) {
    throw new Invalid('maxCount', `must be a positive integer, got ${describe(maxCount)}`);
  }
  validateFilter(options.filter);
}

export function validateFilter(filter: unknown): asserts filter is EventFilter | undefined {
  if (filter === undefined) return;
  const record = (typeof filter === 'object' && filter !== null ? filter : {}) as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined);
  const key = keys[0];
  if (keys.length !== 1 || (key !== 'streamPrefixes' && key !== 'eventTypes')) {
    throw new Invalid('filter', 'must be { streamPrefixes: [...] } or { eventTypes: [...] }');
  }
  const list = record[key];
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    !list.every((item) => typeof item === 'string' && item.length > 0)
  ) {
    throw new Invalid(`filter.${key}`, 'must be a non-empty array of non-empty strings');
  }
}

/** `from` of a subscription: 'start', 'end' or `{ <key>: bigint ≥ 0n }` (delivery starts after it). */
export function validateSubscriptionFrom(from: unknown, key: 'position' | 'revision'): void {
  if (from === undefined || from === 'start' || from === 'end') return;
  const value =
    typeof from === 'object' && from !== null ? (from as Record<string, unknown>)[key] : undefined;
  if (typeof value === 'bigint' && value >= 0n) return;
  throw new Invalid('from', `must be 'start', 'end' or { ${key}: bigint ≥ 0n }, got ${describe(from)}`);
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
