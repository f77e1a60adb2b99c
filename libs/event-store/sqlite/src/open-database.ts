import { closeSync, openSync, readSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EventStoreError, EventStoreUnavailableError } from '@liars-dice/event-store-port';
import { APPLICATION_ID, SCHEMA, SCHEMA_VERSION } from './schema';
import { walHasFrames, walProblem } from './wal-check';
import { makeDirectory } from './data-directory';

export type StoreFileProblem = 'unwritable' | 'not-ours' | 'corrupt';

/** Why the store file cannot be opened; the message says which file and what to do. */
export class EventStoreFileError extends EventStoreError {
  constructor(
    readonly problem: StoreFileProblem,
    readonly file: string,
    detail: string,
  ) {
    super(`event store ${file}: ${detail}`);
  }
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Opens (creating if needed) the store file on the calling thread and refuses, before anything is served,
 * a directory we cannot write, a file that is not ours, and a corrupt or truncated file.
 */
export function openStoreDatabase(file: string): Database.Database {
  ensureWritableDirectory(path.dirname(file), file);
  checkHeader(file);
  const wal = walProblem(`${file}-wal`);
  if (wal) throw new EventStoreFileError('corrupt', file, `${wal}; restore it from a backup`);
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    throw classify(error, file);
  }
  try {
    db.defaultSafeIntegers(true);
    db.pragma('busy_timeout = 5000');
    initialiseOrVerify(db, file);
    return db;
  } catch (error) {
    db.close();
    throw classify(error, file);
  }
}

/**
 * A read-only connection to a store file another connection of this process has opened (and verified) with
 * `openStoreDatabase`: only the identity is checked again, never the whole file.
 */
export function openReaderDatabase(file: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw classify(error, file);
  }
  try {
    db.defaultSafeIntegers(true);
    db.pragma('busy_timeout = 5000');
    if (Number(db.pragma('application_id', { simple: true })) !== APPLICATION_ID) {
      throw new EventStoreFileError('not-ours', file, "is not a Liar's Dice event store (open it with SqliteEventStore.open first)");
    }
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    db.close();
    throw classify(error, file);
  }
}

/** SQLite's own corruption codes mean a damaged file; anything else (no native binding, I/O) is not. */
function classify(error: unknown, file: string): Error {
  if (error instanceof EventStoreError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code?.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
    return new EventStoreFileError('corrupt', file, `is damaged: ${message}`);
  return new EventStoreUnavailableError(
    `event store ${file}: cannot be opened: ${message ?? String(error)}`,
    error,
  );
}

function ensureWritableDirectory(dir: string, file: string): void {
  const probe = path.join(dir, `.write-probe-${process.pid}-${Date.now()}`);
  try {
    makeDirectory(dir);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new EventStoreFileError(
      'unwritable',
      file,
      `data directory ${dir} is not writable (${(error as Error).message}); set a writable data directory`,
    );
  }
}

function checkHeader(file: string): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return;
  }
  if (size === 0) return;
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (size < 100 || !header.subarray(0, 16).equals(HEADER)) {
    throw new EventStoreFileError(
      'not-ours',
      file,
      'is not a SQLite database, so not an event store; move it away or pick another path',
    );
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  // The in-header page count is only trustworthy when its "version-valid-for" matches the change counter, and
  // only as the file's size when no write-ahead log holds pages: a checkpoint copies the log into the file in page
  // order, so one cut short leaves page 1 counting pages that are still only in the log (SQLite reads them there).
  const pages = header.readUInt32BE(92) === header.readUInt32BE(24) ? header.readUInt32BE(28) : 0;
  if (size % pageSize !== 0 || (size < pages * pageSize && !walHasFrames(`${file}-wal`))) {
    throw new EventStoreFileError(
      'corrupt',
      file,
      `is truncated (${size} bytes, header says ${pages} pages of ${pageSize}); restore it from a backup`,
    );
  }
}

function initialiseOrVerify(db: Database.Database, file: string): void {
  const applicationId = Number(db.pragma('application_id', { simple: true }));
  const tables = Number(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get());
  if (applicationId === 0 && tables === 0) {
    db.pragma('journal_mode = WAL');
    db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
    return;
  }
  if (applicationId !== APPLICATION_ID) {
    throw new EventStoreFileError(
      'not-ours',
      file,
      "is a SQLite database but not a Liar's Dice event store; pick another path",
    );
  }
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version !== SCHEMA_VERSION) {
    throw new EventStoreFileError(
      'not-ours',
      file,
      `has schema version ${version}; this build reads version ${SCHEMA_VERSION}`,
    );
  }
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok')
    throw new EventStoreFileError('corrupt', file, `failed its integrity check: ${String(check)}`);
  db.pragma('journal_mode = WAL');
}
