import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { kindOf, prefixOf, STREAM_KINDS, type StreamKind } from './stream-kinds';

const PAGE = 500;
/** How far back the list looks: a long match alone can fill pages of its own events. */
const SCAN_LIMIT = 10_000;

/** The streams written most recently (of one kind, or every browsable one), newest first, with their latest event. */
export async function recentStreams(store: Pick<EventStore, 'readAll'>, kind: StreamKind | null, first: number): Promise<{ event: RecordedEvent; kind: StreamKind }[]> {
  const filter = { streamPrefixes: (kind ? [kind] : STREAM_KINDS).map(prefixOf) };
  const latest = new Map<string, { event: RecordedEvent; kind: StreamKind }>();
  let from: bigint | 'end' = 'end';
  for (let scanned = 0; scanned < SCAN_LIMIT && latest.size < first; ) {
    const before: bigint | 'end' = from;
    const page: RecordedEvent[] = (await store.readAll({ direction: 'backwards', fromPosition: before, maxCount: PAGE, filter })).filter((e) => before === 'end' || e.position < before);
    const last = page.at(-1);
    if (!last) break;
    for (const event of page) {
      const streamKind = kindOf(event.streamName);
      if (streamKind !== null && !latest.has(event.streamName)) latest.set(event.streamName, { event, kind: streamKind });
    }
    scanned += page.length;
    from = last.position;
  }
  return [...latest.values()].slice(0, first);
}
