import {
  END,
  START,
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  type Position,
  type ResolvedEvent,
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
  const full = () => found.length >= maxCount;
  const keep = (resolved: Resolved) => {
    if (!full() && accepts(resolved, filter)) found.push(toRecorded(resolved));
  };
  const from = typeof fromPosition === 'bigint' ? fromPosition : null;
  if (direction === 'forwards') {
    if (fromPosition !== 'end') await scan(client, 'forwards', from, { keep, full });
  } else if (fromPosition === 'start') {
    // Backwards from the start: the first matching event, as the other adapters answer.
    await scan(client, 'forwards', null, { keep, full: () => found.length > 0 });
  } else {
    if (from !== null) await includeExactly(client, from, filter, keep);
    await scan(client, 'backwards', from, { keep, full });
  }
  return found;
}

interface Sink {
  keep(resolved: Resolved): void;
  full(): boolean;
}

/** Page through `$all` in one direction from `from` (null: the start or the end) until `full()` says stop. */
async function scan(
  client: EventStoreDBClient,
  direction: 'forwards' | 'backwards',
  from: bigint | null,
  { keep, full }: Sink,
) {
  let cursor = from;
  let firstPage = true;
  while (!full()) {
    const fromPosition = cursor !== null ? at(cursor) : direction === 'forwards' ? START : END;
    const page = await drain(client.readAll({ direction, fromPosition, maxCount: PAGE_SIZE }));
    for (const resolved of page) {
      // A forwards read includes its start: after the first page, that record was already seen.
      if (!firstPage && direction === 'forwards' && positionOf(resolved) === cursor) continue;
      keep(resolved);
      if (full()) return;
    }
    const last = page[page.length - 1];
    if (page.length < PAGE_SIZE || !last) return;
    cursor = positionOf(last) ?? cursor;
    firstPage = false;
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
