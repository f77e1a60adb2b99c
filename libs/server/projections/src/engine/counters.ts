import type { CounterDelta, MatchFacts, ProjectedEvent } from '@liars-dice/game-projections';
import type { ReadDb } from '../read-database';
import type { ProjectionFactory } from './projection';

/**
 * Counters `(key columns…, field) += by`, summed in memory over a batch and upserted once per row on flush:
 * a batch of hundreds of events touches the overall rows once, not hundreds of times.
 */
class CounterBuffer {
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

type Reducer = (facts: MatchFacts | null, event: ProjectedEvent) => CounterDelta[];

/** A counter read model: one table `(key columns…, field, value)` fed by a pure delta reducer. */
export function countersProjection(name: string, table: string, keyColumns: readonly string[], reducer: Reducer): ProjectionFactory {
  return (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (${keyColumns.map((c) => `${c} TEXT NOT NULL`).join(', ')}, field TEXT NOT NULL, value INTEGER NOT NULL,
      PRIMARY KEY (${[...keyColumns, 'field'].join(', ')})) WITHOUT ROWID;`);
    const counters = new CounterBuffer(db, table, keyColumns);
    return {
      name,
      tables: [table],
      apply({ event, before }) {
        for (const delta of reducer(before, event)) counters.add(delta.key, delta.field, delta.by);
      },
      flush: () => counters.flush(),
      discard: () => counters.discard(),
    };
  };
}

/** Counter rows of a counter table as `joined key -> {field: value}`, for one leading key (or all). */
export function readCounters(db: ReadDb, table: string, where: Readonly<Record<string, string>>): Map<string, Record<string, number>> {
  const keys = Object.keys(where);
  const sql = `SELECT * FROM ${table} ${keys.length ? `WHERE ${keys.map((k) => `${k} = ?`).join(' AND ')}` : ''}`;
  const rows = db.prepare(sql).all(...Object.values(where)) as Record<string, string | number>[];
  const out = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const { field, value, ...key } = row;
    const id = Object.values(key).join('|');
    out.set(id, { ...(out.get(id) ?? {}), [String(field)]: Number(value) });
  }
  return out;
}
