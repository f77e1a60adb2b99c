import type { ReadDb } from '../read-database';
import { dropUnreferencedVersions } from './facts-versions';

/** Empties tables and the named projections' match facts (a rebuild then replays from the start). */
export function emptyTables(db: ReadDb, tables: readonly string[], projections: readonly string[]): void {
  for (const table of tables) db.exec(`DELETE FROM ${table}`);
  const facts = db.prepare('DELETE FROM match_facts WHERE projection = ?');
  for (const name of projections) facts.run(name);
  dropUnreferencedVersions(db);
}

/** Every row of the tables in a stable order (what rebuild-equals-live checks compare). */
export function dumpTables(db: ReadDb, tables: readonly string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const columns = (db.prepare(`SELECT * FROM ${table} LIMIT 0`).columns() as { name: string }[]).map((_, i) => i + 1);
    out[table] = db.prepare(`SELECT * FROM ${table} ORDER BY ${columns.join(', ')}`).all();
  }
  return out;
}
