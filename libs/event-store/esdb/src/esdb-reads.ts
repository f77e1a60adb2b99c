import type {
  AllStreamResolvedEvent,
  EventStoreDBClient,
  Position,
  ResolvedEvent,
} from '@eventstore/db-client';
import type { EventFilter, ReadAllOptions, RecordedEvent } from '@liars-dice/event-store-port';
import { accepts, positionOf, toRecorded } from './esdb-records';

const PAGE_SIZE = 512;

type Resolved = ResolvedEvent | AllStreamResolvedEvent;

export async function drain(reading: AsyncIterable<Resolved>): Promise<Resolved[]> {
  const all: Resolved[] = [];
  for await (const resolved of reading) all.push(resolved);
  return all;
}

export function at(position: bigint): Position {
  return { commit: position, prepare: position };
}

/**
 * `$all` read with the port's semantics. The client reads `$all` unfiltered, so the filter (and the
 * exclusion of system records) applies here, page by page, until `maxCount` matching events are found.
 * EventStoreDB starts a backwards read strictly before the given position; the port includes it, so the
 * record at that position is fetched by a one-event forwards read first.
 */
export async function readAllPages(
  client: EventStoreDBClient,
  options: ReadAllOptions = {},
): Promise<RecordedEvent[]> {
  const { direction = 'forwards', fromPosition, filter, maxCount = Number.MAX_SAFE_INTEGER } = options;
  const found: RecordedEvent[] = [];
  const keep = (resolved: Resolved) => {
    if (found.length < maxCount && accepts(resolved, filter)) found.push(toRecorded(resolved));
  };
  if (direction === 'forwards') {
    if (fromPosition !== 'end')
      await forwards(
        client,
        fromPosition === undefined || fromPosition === 'start' ? null : fromPosition,
        keep,
        () => found.length >= maxCount,
      );
    return found;
  }
  if (fromPosition === 'start') {
    await forwards(
      client,
      null,
      (resolved) => found.length === 0 && keep(resolved),
      () => found.length > 0,
    );
    return found;
  }
  if (typeof fromPosition === 'bigint') await includeExactly(client, fromPosition, filter, keep);
  await backwards(
    client,
    typeof fromPosition === 'bigint' ? fromPosition : null,
    keep,
    () => found.length >= maxCount,
  );
  return found;
}

async function forwards(
  client: EventStoreDBClient,
  from: bigint | null,
  keep: (r: Resolved) => void,
  full: () => boolean,
) {
  let cursor = from;
  let inclusive = true;
  while (!full()) {
    const page = await drain(
      client.readAll({
        direction: 'forwards',
        fromPosition: cursor === null ? 'start' : at(cursor),
        maxCount: PAGE_SIZE,
      }),
    );
    for (const resolved of page) {
      const position = positionOf(resolved);
      // Forwards reads include their start: after the first page that is the record already seen.
      if (!inclusive && position !== undefined && cursor !== null && position <= cursor) continue;
      keep(resolved);
      if (full()) return;
    }
    const last = page[page.length - 1];
    if (page.length < PAGE_SIZE || !last) return;
    cursor = positionOf(last) ?? cursor;
    inclusive = false;
  }
}

async function backwards(
  client: EventStoreDBClient,
  from: bigint | null,
  keep: (r: Resolved) => void,
  full: () => boolean,
) {
  let cursor = from;
  while (!full()) {
    const page = await drain(
      client.readAll({
        direction: 'backwards',
        fromPosition: cursor === null ? 'end' : at(cursor),
        maxCount: PAGE_SIZE,
      }),
    );
    for (const resolved of page) {
      keep(resolved);
      if (full()) return;
    }
    const last = page[page.length - 1];
    if (page.length < PAGE_SIZE || !last) return;
    cursor = positionOf(last) ?? cursor;
  }
}

async function includeExactly(
  client: EventStoreDBClient,
  position: bigint,
  filter: EventFilter | undefined,
  keep: (r: Resolved) => void,
) {
  const [first] = await drain(
    client.readAll({ direction: 'forwards', fromPosition: at(position), maxCount: 1 }),
  );
  if (first && positionOf(first) === position && accepts(first, filter)) keep(first);
}
