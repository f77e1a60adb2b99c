import { randomUUID } from 'node:crypto';
import {
  EventStoreDBClient,
  StreamDeletedError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AppendExpectedRevision,
  type Position,
} from '@eventstore/db-client';
import { EsdbTestServer } from './server';

// The test node against the real client, without the adapter: the protocol facts the adapter relies on.
// A hang detector, not a speed check: two Jest workers on a loaded 2-core machine (ADR 0025) slow gRPC round trips
// to the test node several times over.
jest.setTimeout(60_000);

const event = (n = 0) =>
  jsonEvent({ id: randomUUID(), type: 'BidPlaced', data: { n }, metadata: { actor: 'seat-1' } });
const credentials = { username: 'admin', password: 'changeit' };

let server: EsdbTestServer;
let client: EventStoreDBClient;

beforeEach(async () => {
  server = await EsdbTestServer.start();
  client = EventStoreDBClient.connectionString(server.connectionString);
});

afterEach(async () => {
  await client.dispose();
  await server.stop();
});

async function readAll(stream: string): Promise<bigint[]> {
  const revisions: bigint[] = [];
  for await (const resolved of client.readStream(stream)) revisions.push(resolved.event?.revision ?? -1n);
  return revisions;
}

describe.each([
  ['BatchAppend (advertised)', undefined],
  ['Append (per-call credentials make the client fall back)', credentials],
])('appending through %s', (_, callCredentials) => {
  const append = (
    stream: string,
    events: ReturnType<typeof event>[],
    expectedRevision: AppendExpectedRevision,
  ) =>
    client.appendToStream(stream, events, {
      expectedRevision,
      ...(callCredentials ? { credentials: callCredentials } : {}),
    });

  it('given a new stream, then revisions start at 0, positions grow, a conflict names expected and actual, a retry is idempotent', async () => {
    const batch = [event(0), event(1)];
    const first = await append('m', batch, 'no_stream');
    expect(first).toMatchObject({ success: true, nextExpectedRevision: 1n });
    expect(first.position?.commit).toBeGreaterThan(0n);

    const retry = await append('m', batch, 'no_stream');
    const conflict = append('m', [event(2)], 0n);

    expect(retry).toEqual({ success: true, nextExpectedRevision: 1n, position: undefined });
    await expect(conflict).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(append('m', [event(2)], 0n)).rejects.toMatchObject({ streamName: 'm', actualVersion: 1n });
    expect(await readAll('m')).toEqual([0n, 1n]);
    expect(server.calls.get(callCredentials ? 'Streams.append' : 'Streams.batchAppend')).toBeGreaterThan(0);
  });
});

describe('deleting', () => {
  it('given a soft-deleted stream, when written again, then revisions continue and $all keeps the old events beside a $metadata record', async () => {
    await client.appendToStream('m', [event(), event()]);
    await client.deleteStream('m');
    await client.appendToStream('m', [event()], { expectedRevision: 'no_stream' });

    expect(await readAll('m')).toEqual([2n]);
    const all: string[] = [];
    for await (const resolved of client.readAll())
      all.push(`${resolved.event?.streamId}@${resolved.event?.revision}`);
    expect(all).toEqual(['m@0', 'm@1', '$$m@0', '$$m@1', 'm@2']);
  });

  it('given a tombstoned stream, then reading and appending fail with StreamDeletedError', async () => {
    await client.appendToStream('m', [event()]);
    await client.tombstoneStream('m');

    await expect(readAll('m')).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(client.appendToStream('m', [event()])).rejects.toBeInstanceOf(StreamDeletedError);
  });
});

describe('positions', () => {
  it('given three events, then a read starts at a position and a subscription after it; `created` is a recent date', async () => {
    await client.appendToStream('m', [event(0), event(1), event(2)]);
    const positions: Position[] = [];
    for await (const resolved of client.readAll()) positions.push(resolved.event?.position as Position);
    const [, second] = positions;

    const read: number[] = [];
    for await (const resolved of client.readAll({ fromPosition: second as Position, maxCount: 5 }))
      read.push((resolved.event?.data as { n: number }).n);
    const subscription = client.subscribeToAll({ fromPosition: second as Position });
    const delivered: number[] = [];
    for await (const resolved of subscription) {
      delivered.push((resolved.event?.data as { n: number }).n);
      expect(Math.abs((resolved.event?.created.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      break;
    }

    expect(read).toEqual([1, 2]);
    expect(delivered).toEqual([2]);
  });

  it('given a filtered subscription, then a checkpoint arrives every 32 × interval considered records, and caught-up once', async () => {
    await client.appendToStream(
      'noise',
      Array.from({ length: 70 }, (_, n) => event(n)),
    );
    const checkpoints: bigint[] = [];
    let caughtUp = 0;
    const subscription = client.subscribeToAll({
      filter: streamNameFilter({
        prefixes: ['rare-'],
        checkpointInterval: 2,
        checkpointReached: (_, position) => void checkpoints.push(position.commit),
      }),
    });
    subscription.on('caughtUp', () => (caughtUp += 1));
    subscription.on('data', () => undefined);

    await waitFor(() => caughtUp === 1 && checkpoints.length === 2);
    await subscription.unsubscribe();

    expect(checkpoints).toEqual([server.log.all[63]?.position, server.log.all[69]?.position]);
  });
});

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
