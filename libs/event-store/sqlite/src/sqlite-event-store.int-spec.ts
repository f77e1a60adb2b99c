import { randomUUID } from 'node:crypto';
import {
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SubscriptionMessage } from '@liars-dice/event-store-port';
import { EventStoreFileError } from './open-database';
import { RecentCommits } from './recent-commits';
import { SqliteEventStore } from './sqlite-event-store';

const bid = (index: number) => ({
  id: randomUUID(),
  type: 'BidPlaced',
  data: { index, pad: 'p'.repeat(500) },
});

describe('SqliteEventStore on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-sqlite-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function storeWith(events: number): Promise<string> {
    const file = path.join(dir, 'events.db');
    const store = await SqliteEventStore.open({ file });
    await store.appendToStream(
      'match-1',
      Array.from({ length: events }, (_, index) => bid(index)),
    );
    await store.close();
    return file;
  }

  it('given a closed store, when reopened, then its events and revisions are still there', async () => {
    const file = await storeWith(3);
    const store = await SqliteEventStore.open({ file });
    const read = await store.readStream('match-1');
    await store.close();
    expect(read.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
  });

  it('given a new or reopened store, then the connection that commits appends is in WAL mode with synchronous=FULL, as SQLite reports it', async () => {
    // A SIGKILL leaves the page cache intact, so the crash test cannot tell FULL from OFF: this reads the
    // setting back from the writer thread's own connection (synchronous is per connection).
    const file = await storeWith(1);
    const fresh = await SqliteEventStore.open({ file: path.join(dir, 'fresh.db') });
    const reopened = await SqliteEventStore.open({ file });
    const settings = [await fresh.durability(), await reopened.durability()];
    await fresh.close();
    await reopened.close();
    expect(settings).toEqual([
      { synchronous: 2, journalMode: 'wal' },
      { synchronous: 2, journalMode: 'wal' },
    ]);
  });

  it('given 64 appends issued at once, when they complete, then far fewer commits carried them (group commit)', async () => {
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
    const before = store.stats();
    await Promise.all(
      Array.from({ length: 64 }, (_, index) =>
        store.appendToStream(`match-${index}`, [bid(index)], { expectedRevision: 'no_stream' }),
      ),
    );
    const after = store.stats();
    await store.close();
    expect(after.requests - before.requests).toBe(64);
    expect(after.commits - before.commits).toBeLessThanOrEqual(4);
  });

  it('given a second store writing the same file, when the first appends with a stale view, then it conflicts or continues correctly', async () => {
    const file = path.join(dir, 'events.db');
    const first = await SqliteEventStore.open({ file });
    const second = await SqliteEventStore.open({ file });
    await first.appendToStream('match-1', [bid(0)], { expectedRevision: 'no_stream' });
    await second.appendToStream('match-1', [bid(1)], { expectedRevision: 0n });

    await expect(first.appendToStream('match-1', [bid(2)], { expectedRevision: 0n })).rejects.toMatchObject({
      name: 'WrongExpectedRevisionError',
      actual: 1n,
    });
    const any = await first.appendToStream('match-1', [bid(3)], { expectedRevision: 'any' });

    expect(any.nextExpectedRevision).toBe(2n);
    expect(
      (await second.readStream('match-1')).map((event) => (event.data as { index: number }).index),
    ).toEqual([0, 1, 3]);
    await first.close();
    await second.close();
  });

  it("given a live subscription, when this store and another writer of the file append in turn, then it receives exactly what reading $all back gives", async () => {
    // Its own commits come from memory, the other writer's from the file: the result must not tell them apart.
    const file = path.join(dir, 'events.db');
    const fromMemory = jest.spyOn(RecentCommits.prototype, 'after');
    const store = await SqliteEventStore.open({ file });
    const other = await SqliteEventStore.open({ file });
    await store.appendToStream('match-1', [bid(0)]);
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: ['match-'] } });
    const iterator = subscription[Symbol.asyncIterator]();
    const received: SubscriptionMessage[] = [];
    const take = async (count: number) => {
      while (received.filter((message) => message.kind === 'event').length < count) received.push((await iterator.next()).value);
    };
    await take(1);
    await store.appendToStream('match-1', [bid(1), bid(2)]);
    await store.appendToStream('lobby-1', [bid(3)]);
    await take(3);
    await other.appendToStream('match-2', [bid(4)]);
    await store.appendToStream('match-1', [bid(5)], { expectedRevision: 2n });
    await take(5);
    const readBack = await store.readAll({ filter: { streamPrefixes: ['match-'] } });
    await subscription.close();
    await other.close();
    await store.close();
    expect(received.flatMap((message) => (message.kind === 'event' ? [message.event] : []))).toEqual(readBack);
    expect(readBack.map((event) => event.data)).toMatchObject([0, 1, 2, 4, 5].map((index) => ({ index })));
    expect(fromMemory.mock.results.some((result) => result.value !== null)).toBe(true);
    fromMemory.mockRestore();
  });

  it('given a data directory below a regular file, when opening, then it is refused as unwritable', async () => {
    writeFileSync(path.join(dir, 'not-a-dir'), 'x');
    const opening = SqliteEventStore.open({ file: path.join(dir, 'not-a-dir', 'events.db') });
    await expect(opening).rejects.toBeInstanceOf(EventStoreFileError);
    await expect(
      SqliteEventStore.open({ file: path.join(dir, 'not-a-dir', 'events.db') }),
    ).rejects.toMatchObject({ problem: 'unwritable' });
  });

  it('given a file that is not SQLite, when opening, then it is refused as not ours', async () => {
    const file = path.join(dir, 'events.db');
    writeFileSync(file, 'name,score\n'.repeat(50));
    await expect(SqliteEventStore.open({ file })).rejects.toMatchObject({ problem: 'not-ours' });
  });

  it("given another application's SQLite database, when opening, then it is refused as not ours", async () => {
    const file = path.join(dir, 'events.db');
    const other = new Database(file);
    other.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)');
    other.close();
    await expect(SqliteEventStore.open({ file })).rejects.toMatchObject({ problem: 'not-ours' });
  });

  it('given a store file cut short, when opening, then it is refused as corrupt', async () => {
    const file = await storeWith(200);
    const { size } = statSync(file);
    truncateSync(file, size - 3 * 4096);
    await expect(SqliteEventStore.open({ file })).rejects.toMatchObject({ problem: 'corrupt' });
  });

  it('given a store file with a damaged page, when opening, then it is refused as corrupt', async () => {
    const file = await storeWith(200);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096 * 3);
    closeSync(fd);
    await expect(SqliteEventStore.open({ file })).rejects.toMatchObject({ problem: 'corrupt' });
  });
});
