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

/**
 * What each match added, kept beside the counters (`<table>_by_match`) so that a void can take exactly that
 * out (rows it empties go, as in a log without the match) and an undone void can put it back.
 */
class MatchShares {
  private readonly take;
  private readonly emptied;
  private readonly give;

  constructor(db: ReadDb, table: string, keyColumns: readonly string[]) {
    const key = [...keyColumns, 'field'];
    this.take = db.prepare(`UPDATE ${table} SET value = ${table}.value - m.value FROM ${table}_by_match m
      WHERE m.match_id = ? AND ${key.map((c) => `m.${c} = ${table}.${c}`).join(' AND ')}`);
    this.emptied = db.prepare(`DELETE FROM ${table} WHERE value = 0`);
    this.give = db.prepare(`INSERT INTO ${table} (${key.join(', ')}, value) SELECT ${key.join(', ')}, value FROM ${table}_by_match WHERE match_id = ?
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET value = value + excluded.value`);
  }

  remove(matchId: string): void {
    this.take.run(matchId);
    this.emptied.run();
  }

  restore(matchId: string): void {
    this.give.run(matchId);
  }
}

/**
 * A counter read model: one table `(key columns…, field, value)` fed by a pure delta reducer, and beside it
 * each match's share, so a voided match leaves the counters and a restored one comes back, exactly.
 */
export function countersProjection(name: string, table: string, keyColumns: readonly string[], reducer: Reducer): ProjectionFactory {
  return (db) => {
    const columns = keyColumns.map((c) => `${c} TEXT NOT NULL`).join(', ');
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (${columns}, field TEXT NOT NULL, value INTEGER NOT NULL,
      PRIMARY KEY (${[...keyColumns, 'field'].join(', ')})) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS ${table}_by_match (match_id TEXT NOT NULL, ${columns}, field TEXT NOT NULL, value INTEGER NOT NULL,
      PRIMARY KEY (match_id, ${[...keyColumns, 'field'].join(', ')})) WITHOUT ROWID;`);
    const counters = new CounterBuffer(db, table, keyColumns);
    const shares = new CounterBuffer(db, `${table}_by_match`, ['match_id', ...keyColumns]);
    const matches = new MatchShares(db, table, keyColumns);
    const settle = () => {
      counters.flush();
      shares.flush();
    };
    return {
      name,
      tables: [table, `${table}_by_match`],
      apply({ event, before }) {
        const type = event.event.type;
        if (type === 'MatchVoided' || type === 'MatchUnvoided') {
          settle();
          if (type === 'MatchVoided' && !before?.voided) matches.remove(event.matchId);
          if (type === 'MatchUnvoided' && before?.voided) matches.restore(event.matchId);
          return;
        }
        for (const delta of reducer(before, event)) {
          shares.add([event.matchId, ...delta.key], delta.field, delta.by);
          // A match that is void goes on counting in its share only, ready for an appeal to restore it.
          if (!before?.voided) counters.add(delta.key, delta.field, delta.by);
        }
      },
      flush: settle,
      discard: () => {
        counters.discard();
        shares.discard();
      },
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
