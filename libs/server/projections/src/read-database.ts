import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type ReadDb = Database.Database;

/** Positions as fixed-width text: they sort as numbers and hold any 64-bit value. */
export function positionKey(position: bigint): string {
  return position.toString().padStart(20, '0');
}

export function positionOf(key: string): bigint {
  return BigInt(key);
}

const CHECKPOINTS = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name TEXT PRIMARY KEY,
  position TEXT,
  events INTEGER NOT NULL DEFAULT 0,
  failed_event_id TEXT, failed_stream TEXT, failed_position TEXT, failed_type TEXT, error TEXT
);
CREATE TABLE IF NOT EXISTS projection_facts (
  projection TEXT NOT NULL, match_id TEXT NOT NULL, facts TEXT NOT NULL, PRIMARY KEY (projection, match_id)
);`;

/**
 * The embedded read database of one API instance (docs/adr/0004). Disposable: any table can be rebuilt from
 * the event log, so commits need not survive a power cut (synchronous=NORMAL in WAL mode): a lost tail is
 * replayed from the checkpoint that was lost with it.
 */
export function openReadDatabase(file: string): ReadDb {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(CHECKPOINTS);
  return db;
}

/** This instance's read database: `read.sqlite` next to its data, or in memory when the events are too. */
export function readDatabaseFile(dataDir: string, inMemory: boolean): string {
  return inMemory ? ':memory:' : path.join(dataDir, 'read.sqlite');
}
