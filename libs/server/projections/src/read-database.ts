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
);`;

/**
 * The shape of the read models. Bump it whenever it changes: a file of another version (or one from before
 * versions were kept, 0) has every table dropped on open, so each read model starts again from the first
 * event. The read database is disposable; this costs one rebuild.
 */
export const READ_SCHEMA_VERSION = 8;

/**
 * The versions a file is brought forward from rather than emptied, each step to the next: what it changes, so
 * only what changed is rebuilt.
 * - 5 → 6: version 5 differs only by the match facts it stored (`match_facts`, `facts_versions`): they are now
 *   folded in memory from the log (docs/adr/0041), so those two tables go and every read model stays.
 * - 6 → 7: the match list's rows gained each seat's kind and the lobby's idle time, which only its
 *   events can give: its tables and checkpoint go, so the match list alone replays from the first event (the
 *   engine's facts come from the log) while every other read model goes on from its checkpoint.
 * - 7 → 8: the player and global statistics gained counters for the analyst pages (bluffs caught, placements by
 *   table size and turn position, bid faces, call calibration, lengths), and the match list's rows
 *   whether the match was ever disputed and its latest ruling: those three replay from the first
 *   event, every other read model goes on (the new CPU results start from nothing, as any new read model).
 */
const MATCH_LIST_AGAIN = "DROP TABLE IF EXISTS match_list_players; DROP TABLE IF EXISTS match_list; DELETE FROM projection_checkpoints WHERE name = 'match-list'";
const MIGRATIONS: Readonly<Record<number, string>> = {
  5: 'DROP TABLE IF EXISTS match_facts; DROP TABLE IF EXISTS facts_versions',
  6: MATCH_LIST_AGAIN,
  7: `${MATCH_LIST_AGAIN}; DROP TABLE IF EXISTS player_stats; DROP TABLE IF EXISTS player_stats_by_match;
    DROP TABLE IF EXISTS global_stats; DROP TABLE IF EXISTS global_stats_by_match;
    DELETE FROM projection_checkpoints WHERE name IN ('player-stats', 'global-stats')`,
};

/** Brings a file of a version `MIGRATIONS` knows up to this one, in one transaction; false for any other. */
function migrate(db: Database.Database): boolean {
  const from = db.pragma('user_version', { simple: true }) as number;
  if (!(from in MIGRATIONS)) return false;
  db.transaction(() => {
    db.exec(CHECKPOINTS);
    for (let version = from; version < READ_SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version] ?? '');
    db.pragma(`user_version = ${READ_SCHEMA_VERSION}`);
  })();
  return true;
}

function dropOlderSchema(db: Database.Database, file: string): void {
  if (db.pragma('user_version', { simple: true }) === READ_SCHEMA_VERSION || migrate(db)) return;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  // Only a read database is ever emptied: a file without checkpoints that holds tables is someone else's.
  if (tables.length > 0 && !tables.includes('projection_checkpoints')) {
    throw new Error(`${file} holds tables but is not a read database; give the read database a file of its own`);
  }
  db.transaction(() => {
    for (const table of tables) db.exec(`DROP TABLE "${table.replace(/"/g, '""')}"`);
    db.pragma(`user_version = ${READ_SCHEMA_VERSION}`);
  })();
}

/**
 * The embedded read database of one API instance (docs/adr/0008). Disposable: any table can be rebuilt from
 * the event log, so commits need not survive a power cut (synchronous=NORMAL in WAL mode): a lost tail is
 * replayed from the checkpoint that was lost with it.
 */
export function openReadDatabase(file: string): ReadDb {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  try {
    dropOlderSchema(db, file);
  } catch (error) {
    db.close();
    throw error;
  }
  db.exec(CHECKPOINTS);
  return db;
}

/** This instance's read database: `read.sqlite` next to its data, or in memory when the events are too. */
export function readDatabaseFile(dataDir: string, inMemory: boolean): string {
  return inMemory ? ':memory:' : path.join(dataDir, 'read.sqlite');
}
