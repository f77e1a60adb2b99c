import type { MatchFacts, ProjectedEvent } from '@liars-dice/game-projections';
import type { ReadDb } from './read-database';

/** What a projection gets for one event: the match's facts before and after it, and the event's position. */
export interface Applied {
  readonly event: ProjectedEvent;
  readonly before: MatchFacts | null;
  readonly after: MatchFacts | null;
  readonly position: bigint;
}

/**
 * One read model: its tables and how an event changes them. `apply` runs inside the runner's transaction,
 * next to the projection's checkpoint; it is synchronous (better-sqlite3) and throws to stop the projection.
 */
export interface Projection {
  readonly name: string;
  /** Tables it owns, in the order a dump or a reset visits them. */
  readonly tables: readonly string[];
  apply(applied: Applied): void;
}

export type ProjectionFactory = (db: ReadDb) => Projection;

/** Upserts counters `(key columns…, field) += by`. */
export function counterWriter(db: ReadDb, table: string, keyColumns: readonly string[]): (key: readonly string[], field: string, by: number) => void {
  const columns = [...keyColumns, 'field'];
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}, value) VALUES (${columns.map(() => '?').join(', ')}, ?)
     ON CONFLICT (${columns.join(', ')}) DO UPDATE SET value = value + excluded.value`,
  );
  return (key, field, by) => {
    statement.run(...key, field, by);
  };
}

export function counterTable(table: string, keyColumns: readonly string[]): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (${keyColumns.map((c) => `${c} TEXT NOT NULL`).join(', ')}, field TEXT NOT NULL, value INTEGER NOT NULL,
    PRIMARY KEY (${[...keyColumns, 'field'].join(', ')})) WITHOUT ROWID;`;
}
