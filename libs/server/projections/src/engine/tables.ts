import type { ReadDb } from '../read-database';

/** Empties tables (a rebuild then replays from the start). */
export function emptyTables(db: ReadDb, tables: readonly string[]): void {
  for (const table of tables) db.exec(`DELETE FROM ${table}`);
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
