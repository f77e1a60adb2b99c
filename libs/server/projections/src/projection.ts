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
  /** False when `apply` never reads `before`/`after`: the runner then keeps no match facts for it. */
  readonly usesFacts?: boolean;
  apply(applied: Applied): void;
  /** Writes what `apply` buffered for the batch (inside the same savepoint); optional. */
  flush?(): void;
  /** Drops what `apply` buffered: the batch is being rolled back. */
  discard?(): void;
}

export type ProjectionFactory = (db: ReadDb) => Projection;

/**
 * Counters `(key columns…, field) += by`, summed in memory over a batch and upserted once per row on flush:
 * a batch of hundreds of events touches the overall rows once, not hundreds of times.
 */
export class CounterBuffer {
  private readonly pending = new Map<string, { key: readonly string[]; field: string; by: number }>();
  private readonly statement;

  constructor(db: ReadDb, table: string, keyColumns: readonly string[]) {
    const columns = [...keyColumns, 'field'];
    this.statement = db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}, value) VALUES (${columns.map(() => '?').join(', ')}, ?)
       ON CONFLICT (${columns.join(', ')}) DO UPDATE SET value = value + excluded.value`,
    );
  }

  add(key: readonly string[], field: string, by: number): void {
    const id = `${key.join('\u0000')}\u0000${field}`;
    const entry = this.pending.get(id);
    if (entry) entry.by += by;
    else this.pending.set(id, { key, field, by });
  }

  flush(): void {
    for (const { key, field, by } of this.pending.values()) this.statement.run(...key, field, by);
    this.pending.clear();
  }

  discard(): void {
    this.pending.clear();
  }
}

export function counterTable(table: string, keyColumns: readonly string[]): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (${keyColumns.map((c) => `${c} TEXT NOT NULL`).join(', ')}, field TEXT NOT NULL, value INTEGER NOT NULL,
    PRIMARY KEY (${[...keyColumns, 'field'].join(', ')})) WITHOUT ROWID;`;
}
