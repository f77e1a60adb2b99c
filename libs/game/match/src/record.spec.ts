import { decideTable } from './decide';
import type { StreamEvent } from './events';
import { metadataFor } from './metadata';
import { foldRecorded, type StoredEvent } from './record';
import { initialTableState } from './state';
import { ann, human, open, plan } from './testing/table';

function stored(events: readonly StreamEvent[], commandId: string, from = 0n): StoredEvent[] {
  const metadata = metadataFor({ commandId, actor: { kind: 'account', ...ann }, at: 1, command: 'OpenMatch', request: {} }, events.length);
  return events.map((event, i) => ({ ...event, metadata: metadata[i] ?? {}, revision: from + BigInt(i) }));
}

const opened = decideTable(initialTableState, open(ann, plan([human, human]))) as StreamEvent[];

describe('the stream fold (write side)', () => {
  it('given a record, when more events are folded onto it, then the given record is left as it was (caches share records)', () => {
    const first = foldRecorded(null, stored(opened, 'open'));
    if (!first) throw new Error('no record');
    const commandsBefore = [...first.commands.keys()];
    const next = foldRecorded(first, stored([{ type: 'SeatLeft', data: { seat: 's1', account: ann } }], 'leave', first.revision + 1n));
    expect([...first.commands.keys()]).toEqual(commandsBefore);
    expect(first.table.seats[0]?.holder).toEqual(ann);
    expect(next?.table.seats[0]?.holder).toBeNull();
    expect([...(next?.commands.keys() ?? [])]).toEqual(['open', 'leave']);
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
