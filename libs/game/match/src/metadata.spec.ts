import { endsBatch, metadataFor, readMetadata } from './metadata';

const stamp = { commandId: 'c-1', actor: { kind: 'account', id: 'a1', name: 'ann' } as const, at: 1_700_000_000_000, command: 'PlaceBid', request: { quantity: 3, face: 4 } };

describe('match event metadata', () => {
  it('given a command of three events, then each is stamped with its place in the batch and only the first with the request', () => {
    const written = metadataFor(stamp, 3);
    expect(written.map((m) => m.batch)).toEqual([{ index: 0, size: 3 }, { index: 1, size: 3 }, { index: 2, size: 3 }]);
    expect(written[0]).toEqual({ commandId: 'c-1', actor: 'account:a1', recordedAt: '2023-11-14T22:13:20.000Z', batch: { index: 0, size: 3 }, command: 'PlaceBid', request: { quantity: 3, face: 4 } });
    expect(written[2]).not.toHaveProperty('request');
  });

  it('given a command appended by a replica, then every event of its batch names that replica', () => {
    const written = metadataFor({ ...stamp, replica: 'r-7' }, 3);
    expect(written.map((m) => m.replica)).toEqual(['r-7', 'r-7', 'r-7']);
    expect(written.map((m) => readMetadata(m).replica)).toEqual(['r-7', 'r-7', 'r-7']);
  });

  it('given written metadata, when read back, then every field comes back typed and the last event closes the batch', () => {
    const written = metadataFor(stamp, 2);
    expect(readMetadata(written[0])).toEqual({ commandId: 'c-1', actor: 'account:a1', recordedAt: stamp.at, batch: { index: 0, size: 2 }, command: 'PlaceBid', request: { quantity: 3, face: 4 }, replica: null });
    expect(written.map((m) => endsBatch(m))).toEqual([false, true]);
  });

  it.each`
    raw                                                          | field          | source
    ${undefined}                                                 | ${'commandId'} | ${'an event written without metadata'}
    ${{ commandId: 7 }}                                          | ${'commandId'} | ${'not a string'}
    ${{ recordedAt: 'yesterday' }}                               | ${'recordedAt'} | ${'not an ISO-8601 time'}
    ${{ batch: { index: 2, size: 2 } }}                          | ${'batch'}     | ${'an index past the batch'}
    ${{ batch: [0, 1] }}                                         | ${'batch'}     | ${'not an object'}
    ${{ request: ['quantity'] }}                                 | ${'request'}   | ${'not a record'}
    ${{ replica: 3 }}                                            | ${'replica'}   | ${'not a string'}
  `('given $raw ($source), then $field reads as null', ({ raw, field }) => {
    expect(readMetadata(raw)[field as 'commandId']).toBeNull();
  });

  it('given an event with no batch (written alone, e.g. by an older writer), then it closes its own batch', () => {
    expect(endsBatch({ commandId: 'x' })).toBe(true);
    expect(endsBatch(undefined)).toBe(true);
    expect(endsBatch({ batch: { index: 0, size: 2 } })).toBe(false);
  });
});
