import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from './sqlite-event-store';
import type { WriteTiming } from './writer-client';

const bid = (index: number) => ({ id: randomUUID(), type: 'BidPlaced', data: { index } });

/** Keeps the thread busy without yielding, as a long request or a large fan-out does on the API's main thread. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe('the SQLite store reports where each append spent its time', () => {
  let dir: string;
  let store: SqliteEventStore;
  let timings: WriteTiming[];
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-sqlite-timing-'));
    timings = [];
    store = await SqliteEventStore.open({ file: path.join(dir, 'events.db'), onWriteTiming: (timing) => timings.push(timing) });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given 20 appends issued at once, when they are acknowledged, then each reports its steps once, with the size of the group that carried it', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.appendToStream(`match-${i}`, [bid(i)], { expectedRevision: 'no_stream' })));

    expect(timings).toHaveLength(20);
    for (const timing of timings) {
      for (const step of [timing.queued, timing.inWriter, timing.commit]) expect(step).toBeGreaterThanOrEqual(0);
      expect(timing.group).toBeGreaterThanOrEqual(1);
    }
    // Every member of a group reports that group's size: a size is reported by a whole number of groups.
    const sizes = new Map<number, number>();
    for (const { group } of timings) sizes.set(group, (sizes.get(group) ?? 0) + 1);
    for (const [size, members] of sizes) expect(members % size).toBe(0);
  });

  it('given an append issued by one callback while the next callback of the same loop phase runs for 300 ms, then the append was posted to the writer before that callback ran, not after it', async () => {
    // Two timers due together run in one timers phase; a post waiting for the check phase would wait for both.
    const done = new Promise<void>((resolve, reject) => {
      setTimeout(() => void store.appendToStream('match-x', [bid(0)], { expectedRevision: 'no_stream' }).then(() => resolve(), reject), 5);
      setTimeout(() => busy(300), 5);
    });
    await done;

    expect(timings).toHaveLength(1);
    expect((timings[0] as WriteTiming).queued).toBeLessThan(300);
  });

  it('given four callbacks of one loop phase appending (one with a stale revision), then the first goes at once, the other three (the writer busy) in one post, and each caller gets its own result', async () => {
    await store.appendToStream('match-b', [bid(0)], { expectedRevision: 'no_stream' });
    const posted = store.stats().posts;
    const calls: Promise<unknown>[] = [];
    await new Promise<void>((resolve) => {
      // Immediates queued together run in one check phase, each its own JavaScript run: the busy writer gets one post.
      // (Timers of one delay may fall in two timers phases when setting them crosses a millisecond.)
      setImmediate(() => calls.push(store.appendToStream('match-a', [bid(1)], { expectedRevision: 'no_stream' })));
      setImmediate(() => calls.push(store.appendToStream('match-b', [bid(2)], { expectedRevision: 'no_stream' })));
      setImmediate(() => calls.push(store.appendToStream('match-c', [bid(3), bid(4)], { expectedRevision: 'no_stream' })));
      setImmediate(() => calls.push(store.appendToStream('match-b', [bid(5)], { expectedRevision: 0n })));
      setImmediate(resolve);
    });
    const [first, stale, third, fourth] = await Promise.allSettled(calls);

    expect(store.stats().posts - posted).toBe(2);
    expect(first).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 0n } });
    expect(stale).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', stream: 'match-b' } });
    expect(third).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1n } });
    expect(fourth).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1n } });
  });
});
