import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EventStoreUnavailableError, type RecordedEvent } from '@liars-dice/event-store-port';
import { EventStoreFileError } from './open-database';
import { SqliteEventStore } from './sqlite-event-store';

const bid = (index: number) => ({ id: randomUUID(), type: 'BidPlaced', data: { index } });

describe('SqliteEventStore.openReader (a read-only store for another thread)', () => {
  let dir: string;
  let file: string;
  let owner: SqliteEventStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-sqlite-reader-'));
    file = path.join(dir, 'events.db');
    owner = await SqliteEventStore.open({ file });
  });
  afterEach(async () => {
    await owner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a live subscription on the reader, when the owner commits, then the reader hears the events without polling', async () => {
    const reader = SqliteEventStore.openReader({ file });
    const subscription = reader.subscribeToAll({ from: 'start' });
    const heard: RecordedEvent[] = [];
    const done = (async () => {
      for await (const message of subscription) {
        if (message.kind === 'event') heard.push(message.event);
        if (heard.length === 3) return;
      }
    })();
    await owner.appendToStream('match-1', [bid(0)]);
    await owner.appendToStream('match-2', [bid(1), bid(2)]);
    await done;
    expect(heard.map((e) => e.streamName)).toEqual(['match-1', 'match-2', 'match-2']);
    await subscription.close();
    await reader.close();
  });

  it('given a reader, when it is asked to append or delete, then it refuses by name and writes nothing', async () => {
    const reader = SqliteEventStore.openReader({ file });
    await expect(reader.appendToStream('match-1', [bid(0)])).rejects.toThrow(/read-only/);
    await expect(reader.deleteStream('match-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(owner.readAll()).resolves.toEqual([]);
    await reader.close();
  });

  it('given a SQLite file that is not an event store, when a reader opens it, then it is refused as not ours', () => {
    const other = path.join(dir, 'other.db');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => SqliteEventStore.openReader({ file: other })).toThrow(EventStoreFileError);
    expect(() => SqliteEventStore.openReader({ file: path.join(dir, 'missing.db') })).toThrow(EventStoreUnavailableError);
  });
});
