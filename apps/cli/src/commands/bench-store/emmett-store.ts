import { createRequire } from 'node:module';
import path from 'node:path';
import { durabilityOf, eventData, type OpenedSubject } from './workload';

/** Tries per append when SQLite answers SQLITE_BUSY (node-sqlite3 waits 1 s for the write lock first). */
const BUSY_TRIES = 20;
/**
 * An append that found the database busy: SQLITE_BUSY itself, or the error Emmett 0.38.5 throws instead when
 * its BEGIN IMMEDIATE was the statement refused (its ROLLBACK then finds no transaction). Nothing was written.
 */
const BUSY = /SQLITE_BUSY|cannot rollback - no transaction is active/;

/**
 * How the benchmark uses Emmett 0.38.5. `per-stream`: one store instance per stream, so appends to different
 * streams run concurrently (an instance keeps one connection for the operation in flight and closes it when it
 * ends, so two appends on one instance break each other: "SQL statements in progress"). `queued`: one
 * instance, appends one after another.
 */
export type EmmettMode = 'per-stream' | 'queued';

interface EmmettSqliteStore {
  appendToStream(stream: string, events: { type: string; data: unknown }[], options?: { expectedStreamVersion?: bigint }): Promise<unknown>;
}
interface EmmettSqliteModule {
  getSQLiteEventStore(options: { fileName: string; schema?: { autoMigration?: string } }): EmmettSqliteStore;
}
/** The part of node-sqlite3 (Emmett's driver) used to read its settings back. */
interface Sqlite3Module {
  Database: new (file: string) => {
    get(sql: string, callback: (error: Error | null, row: Record<string, unknown>) => void): void;
    close(callback: () => void): void;
  };
}

/** SQLITE_BUSY failures of Emmett's appends that were retried. */
export let emmettRetries = 0;

/**
 * What Emmett's connections run with: a connection opened as Emmett opens each of its own (node-sqlite3,
 * then `PRAGMA journal_mode = WAL`, nothing else), asked for `synchronous` and `journal_mode`.
 */
function emmettDurability(entry: string, file: string): Promise<string> {
  const sqlite3 = createRequire(path.join(entry, 'package.json'))('sqlite3') as Sqlite3Module;
  const db = new sqlite3.Database(file);
  const ask = (sql: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => db.get(sql, (error, row) => (error ? reject(error) : resolve(row))));
  return ask('PRAGMA journal_mode = WAL')
    .then(async (mode) => durabilityOf(Number((await ask('PRAGMA synchronous'))['synchronous']), String(mode['journal_mode'])))
    .finally(() => new Promise<void>((resolve) => db.close(resolve)));
}

/** Emmett's SQLite event store on the workload, with its own expected-version check. */
export async function openEmmett(entry: string, dir: string, mode: EmmettMode): Promise<OpenedSubject> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const emmett = require(entry) as EmmettSqliteModule;
  const fileName = path.join(dir, 'emmett.db');
  // Streams `<prefix>-<n>` (the warm-up's and the measured pass's) share instance n: each instance's first-use
  // schema check happens in the warm-up.
  const instances = new Map<string, EmmettSqliteStore>();
  const instanceFor = (stream: string): EmmettSqliteStore => {
    const key = mode === 'queued' ? 'all' : stream.slice(stream.lastIndexOf('-') + 1);
    let store = instances.get(key);
    if (!store) instances.set(key, (store = emmett.getSQLiteEventStore({ fileName, schema: { autoMigration: 'CreateOrUpdate' } })));
    return store;
  };
  // The schema once, before concurrent instances race to create it.
  await instanceFor('setup-0').appendToStream('setup-0', [{ type: 'Setup', data: {} }], { expectedStreamVersion: 0n });
  const appendOnce = async (stream: string, revision: number): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await instanceFor(stream).appendToStream(stream, [{ type: 'BidPlaced', data: eventData(stream, revision) }], { expectedStreamVersion: BigInt(revision) });
        return;
      } catch (error) {
        if (attempt >= BUSY_TRIES || !BUSY.test(String((error as Error).message))) throw error;
        emmettRetries += 1;
      }
    }
  };
  let tail: Promise<unknown> = Promise.resolve();
  const queued = (stream: string, revision: number): Promise<void> => {
    const next = tail.then(() => appendOnce(stream, revision));
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    append: mode === 'queued' ? queued : appendOnce,
    // Each append opened and closed its own connection; 0.38.5 has nothing else to close.
    close: async () => instances.clear(),
    durability: () => emmettDurability(entry, fileName),
  };
}
