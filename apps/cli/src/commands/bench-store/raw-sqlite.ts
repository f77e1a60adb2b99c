import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { durabilityOf, eventData, inProcess } from './workload';

const TABLE = `CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
  revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, created INTEGER NOT NULL,
  UNIQUE (stream, revision))`;

function openRaw(dir: string): { db: Database.Database; insert: (stream: string, revision: number) => void; durability: () => Promise<string> } {
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(TABLE);
  const statement = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insert = (stream: string, revision: number) => {
    statement.run(
      randomUUID(),
      stream,
      revision,
      'BidPlaced',
      JSON.stringify(eventData(stream, revision)),
      '{}',
      Date.now(),
    );
  };
  const durability = async () => durabilityOf(Number(db.pragma('synchronous', { simple: true })), String(db.pragma('journal_mode', { simple: true })));
  return { db, insert, durability };
}

/** (a) The fsync-bound baseline: one transaction (one fsync) per append, on the main thread. */
export const rawPerAppend = inProcess('(a) raw better-sqlite3, 1 txn per append', async (dir) => {
  const { db, insert, durability } = openRaw(dir);
  const one = db.transaction(insert);
  return {
    append: async (stream, revision) => one(stream, revision),
    close: async () => void db.close(),
    durability,
  };
});

/** (b) The ceiling: appends queued during a tick are inserted in one transaction, no checks, no thread. */
export const rawBatched = inProcess('(b) raw better-sqlite3, batched inserts', async (dir) => {
  const { db, insert, durability } = openRaw(dir);
  let queue: { stream: string; revision: number; done: () => void }[] = [];
  const many = db.transaction((batch: typeof queue) => batch.forEach(({ stream, revision }) => insert(stream, revision)));
  const flush = () => {
    const batch = queue;
    queue = [];
    many(batch);
    batch.forEach(({ done }) => done());
  };
  return {
    append: (stream, revision) =>
      new Promise<void>((done) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ stream, revision, done });
      }),
    close: async () => void db.close(),
    durability,
  };
});
