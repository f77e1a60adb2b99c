import { randomUUID } from 'node:crypto';
import { EventStoreDBClient } from '@eventstore/db-client';
import { collect } from '@liars-dice/event-store-contract';
import { EsdbTestServer } from '@liars-dice/event-store-esdb-test-server';
import {
  EventStoreUnavailableError,
  StreamDeletedError,
  type EventToAppend,
  type SubscriptionMessage,
} from '@liars-dice/event-store-port';
import { createEsdbEventStore, type EsdbEventStore } from './esdb-event-store';

// What the shared contract cannot see: which wire path the adapter takes, and how it behaves when the
// node goes away. Each test gets its own test node, so restarting one disturbs nobody else.
// A hang detector, not a speed check: two Jest workers on a loaded 2-core machine (ADR 0025) slow gRPC paging
// several times over.
jest.setTimeout(60_000);

const anEvent = (data: unknown = { face: 3 }): EventToAppend => ({
  id: randomUUID(),
  type: 'BidPlaced',
  data,
});
const eventIds = (messages: readonly SubscriptionMessage[]) =>
  messages.flatMap((message) => (message.kind === 'event' ? [message.event.id] : []));

let server: EsdbTestServer;
let store: EsdbEventStore;

beforeEach(async () => {
  server = await EsdbTestServer.start();
  store = createEsdbEventStore(server.connectionString, {
    resubscribe: { initialDelayMs: 20, maxDelayMs: 200 },
  });
});

afterEach(async () => {
  await store.close();
  await server.stop();
});

/** Appends, retrying while the node is away: the same ids make the retry idempotent. */
async function appendUntilAccepted(stream: string, events: EventToAppend[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await store.appendToStream(stream, events);
      return;
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError) || attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('the wire path', () => {
  it('given a node advertising BatchAppend, when events are appended, then the batch-append call carries them', async () => {
    await store.appendToStream('match-1', [anEvent(), anEvent()], { expectedRevision: 'no_stream' });
    await store.appendToStream('match-1', [anEvent()], { expectedRevision: 1n });

    expect(server.calls.get('Streams.batchAppend')).toBe(1);
    expect(server.calls.get('Streams.append')).toBeUndefined();
  });

  it('given a closed store, then its client is disposed: no call stays open and further use is refused', async () => {
    await store.appendToStream('match-1', [anEvent()]);
    const subscription = store.subscribeToAll();
    await collect(store.subscribeToAll(), (messages) => messages.length > 0, 5_000);
    expect(server.openCallCount).toBeGreaterThan(0);

    await store.close();

    await expect(subscription[Symbol.asyncIterator]().next()).resolves.toMatchObject({ done: true });
    await waitFor(() => server.openCallCount === 0);
    await expect(store.appendToStream('match-1', [anEvent()])).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });
});

describe('when the node goes away', () => {
  it('given a live subscription, when the node restarts, then it resubscribes after the last event: nothing lost, nothing repeated, one caught-up', async () => {
    const before = [anEvent(), anEvent(), anEvent()];
    await store.appendToStream('match-1', before);
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: ['match-'] } });
    const iterator = subscription[Symbol.asyncIterator]();
    const firstFour = [
      await iterator.next(),
      await iterator.next(),
      await iterator.next(),
      await iterator.next(),
    ];
    expect(firstFour.map((result) => result.value?.kind)).toEqual(['event', 'event', 'event', 'caught-up']);

    await server.restart();
    const after = [anEvent(), anEvent()];
    await appendUntilAccepted('match-2', after);
    const rest = [await iterator.next(), await iterator.next()];
    await subscription.close();

    const delivered = [...firstFour, ...rest].map((result) => result.value as SubscriptionMessage);
    expect(eventIds(delivered)).toEqual([...before, ...after].map((event) => event.id));
    expect(delivered.filter((message) => message.kind === 'caught-up')).toHaveLength(1);
    const resumedFrom = server.subscriptions[server.subscriptions.length - 1]?.from;
    expect(resumedFrom).toBe((firstFour[2]?.value as { event: { position: bigint } }).event.position);
  });

  it('given a filter that matched nothing for a while, when the subscription is cut, then it resumes from the server checkpoint, not from the start', async () => {
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: ['rare-'] } });
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ kind: 'caught-up', position: null });
    for (let i = 0; i < 4; i += 1)
      await store.appendToStream(
        `noise-${i}`,
        Array.from({ length: 20 }, () => anEvent()),
      );
    await waitFor(() => server.log.all.length === 80);
    await new Promise((resolve) => setTimeout(resolve, 100));

    server.interrupt();
    await waitFor(() => server.subscriptions.length === 2);
    const rare = anEvent();
    await store.appendToStream('rare-1', [rare]);

    expect((await iterator.next()).value).toMatchObject({ kind: 'event', event: { id: rare.id } });
    await subscription.close();
    const resumedFrom = server.subscriptions[1]?.from;
    expect(typeof resumedFrom).toBe('bigint');
    expect(resumedFrom).toBe(server.log.all[63]?.position);
  });

  it('given a node that stays away, when the resubscription attempts run out, then the subscription fails with EventStoreUnavailableError', async () => {
    const impatient = createEsdbEventStore(server.connectionString, {
      resubscribe: { initialDelayMs: 10, maxAttempts: 2 },
    });
    const iterator = impatient.subscribeToAll()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ kind: 'caught-up' });

    await server.stop();

    await expect(iterator.next()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await impatient.close();
  });

  it('given no node at all, when appending, then EventStoreUnavailableError says so', async () => {
    await server.stop();
    await expect(store.appendToStream('match-1', [anEvent()])).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });
});

describe('reading $all page by page', () => {
  it('given more events than a page, when $all is read with a filter from a position, forwards and backwards, then it pages through without a gap or a repeat', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => anEvent({ i }));
    await store.appendToStream('p-a', many(600));
    await store.appendToStream('q-b', many(600));
    await store.appendToStream('p-c', many(300));
    const everything = await store.readAll({ filter: { streamPrefixes: ['p-'] } });
    const at = (stream: string, revision: number) =>
      everything.find((e) => e.streamName === stream && e.revision === BigInt(revision))?.position;

    const forwards = await store.readAll({
      filter: { streamPrefixes: ['p-'] },
      fromPosition: at('p-a', 100),
      maxCount: 700,
    });
    const backwards = await store.readAll({
      filter: { streamPrefixes: ['p-'] },
      direction: 'backwards',
      fromPosition: at('p-c', 9),
      maxCount: 560,
    });

    expect(everything).toHaveLength(900);
    expect(new Set(everything.map((e) => e.id)).size).toBe(900);
    expect(forwards.map((e) => `${e.streamName}@${e.revision}`)).toEqual([
      ...Array.from({ length: 500 }, (_, i) => `p-a@${100 + i}`),
      ...Array.from({ length: 200 }, (_, i) => `p-c@${i}`),
    ]);
    expect(backwards.map((e) => `${e.streamName}@${e.revision}`)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `p-c@${9 - i}`),
      ...Array.from({ length: 550 }, (_, i) => `p-a@${599 - i}`),
    ]);
  });
});

describe('records that are not port events', () => {
  it('given soft deletes and tombstones, then readAll and subscribeToAll show only port events and a tombstoned stream is StreamDeletedError', async () => {
    const kept = anEvent();
    await store.appendToStream('match-1', [anEvent()]);
    await store.deleteStream('match-1');
    await store.appendToStream('match-2', [kept]);
    const raw = EventStoreDBClient.connectionString(server.connectionString);
    await raw.tombstoneStream('match-2');
    await raw.dispose();

    const all = await store.readAll();
    const live = await collect(
      store.subscribeToAll(),
      (messages) => messages.some((m) => m.kind === 'caught-up'),
      5_000,
    );

    expect(all.map((event) => event.streamName)).toEqual(['match-1', 'match-2']);
    expect(eventIds(live)).toEqual(all.map((event) => event.id));
    expect(server.log.all.some((record) => record.type === '$metadata')).toBe(true);
    await expect(store.readStream('match-2')).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(store.appendToStream('match-2', [anEvent()])).rejects.toBeInstanceOf(StreamDeletedError);
  });
});

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
