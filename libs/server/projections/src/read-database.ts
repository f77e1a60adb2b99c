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
CREATE TABLE IF NOT EXISTS match_facts (
  match_id TEXT NOT NULL, projection TEXT NOT NULL, facts TEXT NOT NULL, PRIMARY KEY (match_id, projection)
) WITHOUT ROWID;`;

/**
 * Files written before facts were keyed by match first (`projection_facts`): their facts are dropped and every
 * checkpoint cleared, so each projection starts again from the first event (the engine empties the tables of
 * a projection with no checkpoint). The read database is disposable; this costs one rebuild.
 */
function dropLegacyFacts(db: Database.Database): void {
  const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projection_facts'").get();
  if (!legacy) return;
  db.transaction(() => {
    db.exec('DROP TABLE projection_facts');
    db.exec(`UPDATE projection_checkpoints SET position = NULL, events = 0, failed_event_id = NULL, failed_stream = NULL,
      failed_position = NULL, failed_type = NULL, error = NULL`);
  })();
}

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
  dropLegacyFacts(db);
  return db;
}

/** This instance's read database: `read.sqlite` next to its data, or in memory when the events are too. */
export function readDatabaseFile(dataDir: string, inMemory: boolean): string {
  return inMemory ? ':memory:' : path.join(dataDir, 'read.sqlite');
}
