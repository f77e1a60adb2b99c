import { decideTable } from './decide';
import type { StreamEvent } from './events';
import { metadataFor } from './metadata';
import { foldRecorded, type MatchRecord, type StoredEvent } from './record';
import { initialTableState } from './state';
import { ann, human, open, plan } from './testing/table';

function stored(events: readonly StreamEvent[], commandId: string, from = 0n, replica?: string): StoredEvent[] {
  const metadata = metadataFor({ commandId, actor: { kind: 'account', ...ann }, at: 1, command: 'OpenMatch', request: {}, replica }, events.length);
  return events.map((event, i) => ({ ...event, metadata: metadata[i] ?? {}, revision: from + BigInt(i) }));
}

const opened = decideTable(initialTableState, open(ann, plan([human, human]))) as StreamEvent[];

describe('the stream fold (write side)', () => {
  it('given a record, when more events are folded onto it, then the given record is left as it was (caches share records)', () => {
    const first = foldRecorded(null, stored(opened, 'open'));
    if (!first) throw new Error('no record');
    const next = foldRecorded(first, stored([{ type: 'SeatLeft', data: { seat: 's1', account: ann } }], 'leave', first.revision + 1n));
    expect(first.commands.get('leave')).toBeUndefined();
    expect(first.table.seats[0]?.holder).toEqual(ann);
    expect(next?.table.seats[0]?.holder).toBeNull();
    expect(next?.commands.get('open')?.revision).toBe(1n);
    expect(next?.commands.get('leave')?.revision).toBe(2n);
  });

  it('given a batch of several events, then folding it at once gives what folding it event by event gives, and leaves the given record as it was', () => {
    const first = foldRecorded(null, stored(opened, 'open'));
    if (!first) throw new Error('no record');
    const before = { ...first, seats: first.table.seats.map((s) => ({ ...s })) };
    const batch = stored([{ type: 'SeatLeft', data: { seat: 's1', account: ann } }, { type: 'LaterNote', data: {} } as unknown as StreamEvent], 'leave', first.revision + 1n);

    const atOnce = foldRecorded(first, batch);
    const oneByOne = batch.reduce<MatchRecord | null>((record, event) => foldRecorded(record, [event]), first);
    const wholeFromNull = foldRecorded(null, [...stored(opened, 'open'), ...batch]);

    for (const folded of [oneByOne, wholeFromNull]) {
      expect({ ...atOnce, commands: undefined }).toEqual({ ...folded, commands: undefined });
      expect(atOnce?.commands.get('leave')).toEqual(folded?.commands.get('leave'));
      expect(atOnce?.commands.get('open')).toEqual(folded?.commands.get('open'));
    }
    expect(atOnce?.revision).toBe(first.revision + 2n);
    expect({ ...first, seats: first.table.seats }).toEqual({ ...before, seats: before.seats });
    expect(first.commands.get('leave')).toBeUndefined();
  });

  it('given commands appended by two replicas and an event naming none, then the record names the writer of its last event', () => {
    const first = foldRecorded(null, stored(opened, 'open', 0n, 'r-a'));
    const left = foldRecorded(first, stored([{ type: 'SeatLeft', data: { seat: 's1', account: ann } }], 'leave', 2n, 'r-b'));
    const noted = foldRecorded(left, [{ type: 'LaterNote', data: {}, metadata: {}, revision: 3n }]);
    expect([first?.writer, left?.writer, noted?.writer]).toEqual(['r-a', 'r-b', null]);
  });

  it('given many folds, then every command id stays found with its last revision (the log merges its layers as it grows)', () => {
    let record = foldRecorded(null, stored(opened, 'open'));
    const seen: MatchRecord[] = [];
    for (let i = 0; i < 100; i++) {
      record = foldRecorded(record, stored([{ type: 'SeatLeft', data: { seat: 's1', account: ann } }], `c${i % 40}`, (record?.revision ?? 0n) + 1n));
      if (record) seen.push(record);
    }
    for (let i = 0; i < 40; i++) expect(record?.commands.get(`c${i}`)?.revision).toBe(BigInt(2 + i + (i < 20 ? 80 : 40)));
    expect(seen[10]?.commands.get('c30')).toBeUndefined();
    expect(record?.commands.get('open')).toMatchObject({ revision: 1n, command: 'OpenMatch' });
  });

  it('given the sealed seed, then the record keeps it for the house and the table never copies it', () => {
    const record = foldRecorded(null, stored(opened, 'open'));
    expect(record?.sealedSeed).toBe('sealed');
    expect(JSON.stringify(record?.table)).not.toContain('sealed');
  });

  it('given an event of a type the stream does not know, then only the revision moves; before MatchOpened nothing is a record', () => {
    const first = foldRecorded(null, stored(opened, 'open'));
    const after = foldRecorded(first, [{ type: 'SomethingNew', data: {}, metadata: {}, revision: 2n }]);
    expect(after?.revision).toBe(2n);
    expect(after?.table).toBe(first?.table);
    expect(foldRecorded(null, [{ type: 'SeatTaken', data: { seat: 's1', account: ann }, metadata: {}, revision: 0n }])).toBeNull();
  });
});
