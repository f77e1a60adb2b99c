import { randomUUID } from 'node:crypto';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from './in-memory-event-store';

const event = (type = 'BidPlaced', data: unknown = { quantity: 3, face: 4 }) => ({
  id: randomUUID(),
  type,
  data,
});

describe('InMemoryEventStore (the shared contract runs in in-memory-event-store.contract.spec.ts)', () => {
  it('given a new stream, when two events are appended, then they read back at revisions 0 and 1', async () => {
    const store = new InMemoryEventStore();
    const result = await store.appendToStream('match-1', [event(), event('Challenged')], {
      expectedRevision: 'no_stream',
    });
    expect(result.nextExpectedRevision).toBe(1n);
    const read = await store.readStream('match-1');
    expect(read.map((e) => [e.revision, e.type])).toEqual([
      [0n, 'BidPlaced'],
      [1n, 'Challenged'],
    ]);
  });

  it('given returned data, when the caller mutates it, then the stored event is unchanged', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream('match-1', [event()]);
    const [first] = await store.readStream('match-1');
    (first?.data as { quantity: number }).quantity = 99;
    const [again] = await store.readStream('match-1');
    expect(again?.data).toEqual({ quantity: 3, face: 4 });
  });

  it('given an id used in another stream, when it is appended again, then DuplicateEventIdError names that stream', async () => {
    const store = new InMemoryEventStore();
    const shared = event();
    await store.appendToStream('match-1', [shared]);
    await expect(store.appendToStream('match-2', [shared])).rejects.toThrow(DuplicateEventIdError);
    await expect(store.appendToStream('match-2', [shared])).rejects.toMatchObject({
      existingStream: 'match-1',
    });
  });

  it('given a stream at revision 0, when appending expecting no_stream, then the conflict reports actual 0n', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream('match-1', [event()]);
    const attempt = store.appendToStream('match-1', [event()], { expectedRevision: 'no_stream' });
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream('match-1', [event()], { expectedRevision: 5n })).rejects.toMatchObject({
      expected: 5n,
      actual: 0n,
    });
  });
});
