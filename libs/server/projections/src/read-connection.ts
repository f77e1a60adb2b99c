import { Injectable } from '@nestjs/common';
import type { ReadDb } from './read-database';

/**
 * The API thread's connection to this instance's read database, which every read model's queries read
 * (the projections thread is the only writer). ProjectionsService opens it once the tables exist.
 */
@Injectable()
export class ReadDatabase {
  private connection: ReadDb | null = null;

  /** A holder for a connection opened elsewhere (tools, tests). */
  static of(db: ReadDb): ReadDatabase {
    const read = new ReadDatabase();
    read.connection = db;
    return read;
  }

  get db(): ReadDb {
    if (!this.connection) throw new Error('the read database is not open yet');
    return this.connection;
  }

  /**
   * Runs `read` in one read transaction, so every statement in it sees the same commit: an answer built from
   * several tables never mixes two of the projections thread's batches (one committing between two SELECTs).
   * Nested calls share the outer snapshot.
   */
  snapshot<T>(read: (db: ReadDb) => T): T {
    const db = this.db;
    if (db.inTransaction) return read(db);
    db.exec('BEGIN');
    try {
      return read(db);
    } finally {
      db.exec('COMMIT');
    }
  }

  get isOpen(): boolean {
    return this.connection !== null;
  }

  use(db: ReadDb): void {
    this.connection = db;
  }

  close(): void {
    this.connection?.close();
    this.connection = null;
  }
}
