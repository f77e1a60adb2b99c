import fc from 'fast-check';
import type { StoredJsonEvent } from '@liars-dice/event-store-port';
import { RecentCommits } from './recent-commits';

const row = (position: bigint): StoredJsonEvent => ({
  id: `id-${position}`,
  type: 'BidPlaced',
  data: '{}',
  metadata: '{}',
  stream: 'match-1',
  revision: position - 1n,
  position,
  created: 0,
});
const rows = (from: number, to: number): StoredJsonEvent[] =>
  Array.from({ length: to - from + 1 }, (_, index) => row(BigInt(from + index)));
const positions = (events: readonly StoredJsonEvent[] | null) => events?.map((event) => event.position) ?? null;

describe('RecentCommits', () => {
  it('given no commit heard yet, then it vouches for nothing', () => {
    expect(new RecentCommits().after(null, 10)).toBeNull();
  });

  it('given commits that chain on from an empty file, then it serves every event after any cursor up to the newest', () => {
    const recent = new RecentCommits();
    recent.add({ before: null, rows: rows(1, 3) });
    recent.add({ before: 3n, rows: [] });
    recent.add({ before: 3n, rows: rows(4, 5) });
    expect(positions(recent.after(null, 10))).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(positions(recent.after(3n, 10))).toEqual([4n, 5n]);
    expect(positions(recent.after(1n, 2))).toEqual([2n, 3n]);
  });

  it('given a cursor at or past the newest commit heard, then it leaves the answer to the file', () => {
    // The file may already hold a commit whose acknowledgement has not arrived: only a read can tell.
    const recent = new RecentCommits();
    recent.add({ before: null, rows: rows(1, 2) });
    expect(recent.after(2n, 10)).toBeNull();
    expect(recent.after(7n, 10)).toBeNull();
  });

  it('given a commit that does not start where the last ended (another writer got in between), then nothing before it is served', () => {
    const recent = new RecentCommits();
    recent.add({ before: null, rows: rows(1, 2) });
    recent.add({ before: 4n, rows: rows(5, 6) });
    expect(recent.after(1n, 10)).toBeNull();
    expect(recent.after(3n, 10)).toBeNull();
    expect(positions(recent.after(4n, 10))).toEqual([5n, 6n]);
  });

  it('given any run of commits, then what it serves is exactly the events after the cursor, or nothing when they are trimmed', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5), { maxLength: 40 }), fc.nat(120), fc.integer({ min: 1, max: 8 }), (sizes, cursor, keep) => {
        const recent = new RecentCommits(keep);
        let last = 0;
        for (const size of sizes) {
          recent.add({ before: last === 0 ? null : BigInt(last), rows: size === 0 ? [] : rows(last + 1, last + size) });
          last += size;
        }
        const served = positions(recent.after(BigInt(cursor), 3));
        if (served === null) return;
        const expected = rows(cursor + 1, Math.min(last, cursor + 3)).map((event) => event.position);
        expect(served).toEqual(expected);
        expect(served.length).toBeGreaterThan(0);
      }),
    );
  });
});
