import type Database from 'better-sqlite3';
import {
  toRecordedEvent,
  type EventFilter,
  type RecordedEvent,
  type StreamHead,
} from '@liars-dice/event-store-port';
import { EVENT_COLUMNS, type EventRow } from './schema';

export interface Range {
  readonly direction: 'forwards' | 'backwards';
  /** Inclusive bound in the reading direction; null reads from the first (or last) event. */
  readonly from: bigint | null;
  readonly limit: number;
}

/**
 * Reads on the calling thread through its own connection: in WAL mode readers never wait for the writer,
 * and each statement sees only committed transactions, so positions appear without holes.
 */
export class EventReader {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  head(stream: string): StreamHead {
    const lastRevision =
      (this.statement('SELECT max(revision) FROM events WHERE stream = ?').pluck().get(stream) as
        bigint | null) ?? null;
    const deletedUpTo =
      (this.statement('SELECT deleted_up_to FROM stream_deletions WHERE stream = ?').pluck().get(stream) as
        bigint | undefined) ?? null;
    return { lastRevision, deletedUpTo };
  }

  lastPosition(): bigint | null {
    return (this.statement('SELECT max(position) FROM events').pluck().get() as bigint | null) ?? null;
  }

  /** Stream events above `after` (the deletion mark), within the range. */
  stream(stream: string, after: bigint | null, range: Range): RecordedEvent[] {
    return this.streamRows(stream, after, range).map(toRecordedEvent);
  }

  /** `stream` as stored rows, unparsed (a subscription parses only what its filter keeps). */
  streamRows(stream: string, after: bigint | null, range: Range): EventRow[] {
    const forwards = range.direction === 'forwards';
    const bound = range.from === null ? '' : forwards ? 'AND revision >= ?' : 'AND revision <= ?';
    const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision > ? ${bound} ORDER BY revision ${forwards ? 'ASC' : 'DESC'} LIMIT ?`;
    const params = [stream, after ?? -1n, ...(range.from === null ? [] : [range.from]), range.limit];
    return this.statement(sql).all(...params) as EventRow[];
  }

  all(range: Range, filter?: EventFilter): RecordedEvent[] {
    return this.allRows(range, filter).map(toRecordedEvent);
  }

  /** `all` as stored rows, unparsed. */
  allRows(range: Range, filter?: EventFilter): EventRow[] {
    const forwards = range.direction === 'forwards';
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (range.from !== null) {
      conditions.push(forwards ? 'position >= ?' : 'position <= ?');
      params.push(range.from);
    }
    if (filter && 'streamPrefixes' in filter) {
      conditions.push(`(${filter.streamPrefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})`);
      params.push(...filter.streamPrefixes.flatMap((prefix) => [prefix.length, prefix]));
    } else if (filter) {
      conditions.push(`type IN (${filter.eventTypes.map(() => '?').join(', ')})`);
      params.push(...filter.eventTypes);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const sql = `SELECT ${EVENT_COLUMNS} FROM events ${where} ORDER BY position ${forwards ? 'ASC' : 'DESC'} LIMIT ?`;
    return this.statement(sql).all(...params, range.limit) as EventRow[];
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size > 200) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
