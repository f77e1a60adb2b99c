import type Database from 'better-sqlite3';
import {
  EMPTY_HEAD,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  actualRevision,
  decideAppend,
  revisionMatches,
  streamExists,
  type ExistingEvent,
  type StreamHead,
} from '@liars-dice/event-store-port';
import type { GroupOutcome, SerializedError, WriteRequest, WriteResult } from './writer-protocol';

type Success = { readonly lastRevision: bigint; readonly position: bigint; readonly inserted: boolean };
type AppendRequest = Extract<WriteRequest, { kind: 'append' }>;

/** SQLite names the violated columns: 'events.id', or 'events.stream, events.revision'. */
function isUniqueViolation(error: unknown, column: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes(column) === true;
}

/**
 * Group commit: every request that queued up while the previous COMMIT was fsyncing is applied here in ONE
 * transaction, each checked against its own expected revision and written atomically (one statement, or a
 * savepoint for several events), so a conflict fails only its own append and one fsync acknowledges the
 * whole group.
 */
export class GroupCommitWriter {
  private readonly heads = new Map<string, StreamHead>();
  /** One commit time for the whole group: its events become visible together. */
  private committedAt = 0n;
  private readonly insert: Database.Statement;
  private readonly findById: Database.Statement;
  private readonly lastRevision: Database.Statement;
  private readonly deletedUpTo: Database.Statement;
  private readonly markDeleted: Database.Statement;
  private readonly lastPosition: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.findById = db.prepare('SELECT stream, revision, position FROM events WHERE id = ?');
    this.lastRevision = db.prepare('SELECT max(revision) FROM events WHERE stream = ?').pluck();
    this.lastPosition = db.prepare('SELECT max(position) FROM events').pluck();
    this.deletedUpTo = db.prepare('SELECT deleted_up_to FROM stream_deletions WHERE stream = ?').pluck();
    this.markDeleted = db.prepare(
      'INSERT INTO stream_deletions (stream, deleted_up_to) VALUES (?, ?) ON CONFLICT (stream) DO UPDATE SET deleted_up_to = excluded.deleted_up_to',
    );
  }

  /** Applies and commits the group; `committed` is false when the transaction itself failed. */
  commit(requests: readonly WriteRequest[]): { results: WriteResult[] } & GroupOutcome {
    const results: WriteResult[] = [];
    const committedAt = BigInt(Date.now());
    this.committedAt = committedAt;
    let before: bigint | null = null;
    const group = this.db.transaction(() => {
      // Under the write lock (BEGIN IMMEDIATE): every position after this one is the group's own.
      before = (this.lastPosition.get() as bigint | null) ?? null;
      for (const request of requests) results.push(this.applyOne(request));
    });
    try {
      group.immediate();
      return { results, committed: true, before, committedAt };
    } catch (error) {
      this.heads.clear();
      const failure = serializeError({
        name: 'EventStoreUnavailableError',
        message: `commit failed: ${(error as Error).message}`,
      });
      return {
        results: requests.map(() => ({ ok: false, error: failure })),
        committed: false,
      };
    }
  }

  private applyOne(request: WriteRequest): WriteResult {
    try {
      return {
        ok: true,
        ...(request.kind === 'append' ? this.append(request) : this.delete(request)),
      };
    } catch (error) {
      this.heads.delete(request.stream);
      return { ok: false, error: serializeError(error) };
    }
  }

  /**
   * Fast path: the expected revision matches, so insert and let UNIQUE(id) catch a reused id. Only then
   * (or on a mismatch, which may be a retry) is the full rule of `decideAppend` run with id look-ups.
   */
  private append(request: AppendRequest): Success {
    let head = this.head(request.stream);
    if (revisionMatches(request.expectedRevision, actualRevision(head))) {
      try {
        return this.insertAll(request, head, head.lastRevision === null ? 0n : head.lastRevision + 1n);
      } catch (error) {
        if (!isUniqueViolation(error, 'events.id') && !isUniqueViolation(error, 'events.revision'))
          throw error;
        // A taken revision means the cached head is stale (another process wrote this file): re-read it.
        this.heads.delete(request.stream);
        head = this.head(request.stream);
      }
    }
    const decision = decideAppend(request, head, (id) => this.findById.get(id) as ExistingEvent | undefined);
    if (decision.kind === 'already-written')
      return { lastRevision: decision.lastRevision, position: decision.position, inserted: false };
    return this.insertAll(request, head, decision.firstRevision);
  }

  /**
   * A single insert is atomic by itself; several share a savepoint so a failure leaves none behind. The rowid of
   * each insert is one more than the table's largest, so one append's events sit at consecutive positions.
   */
  private insertAll(request: AppendRequest, head: StreamHead, firstRevision: bigint): Success {
    const insertEach = (): bigint => {
      let position = 0n;
      request.events.forEach((event, index) => {
        const revision = firstRevision + BigInt(index);
        position = BigInt(
          this.insert.run(
            event.id,
            request.stream,
            revision,
            event.type,
            event.data,
            event.metadata,
            this.committedAt,
          ).lastInsertRowid,
        );
      });
      return position;
    };
    const position = request.events.length === 1 ? insertEach() : this.db.transaction(insertEach)();
    const lastRevision = firstRevision + BigInt(request.events.length - 1);
    this.heads.set(request.stream, { lastRevision, deletedUpTo: head.deletedUpTo });
    return { lastRevision, position, inserted: true };
  }

  private delete(request: Extract<WriteRequest, { kind: 'delete' }>): Success {
    const head = this.head(request.stream);
    if (!streamExists(head) || head.lastRevision === null) throw new StreamNotFoundError(request.stream);
    const actual = actualRevision(head);
    if (!revisionMatches(request.expectedRevision, actual))
      throw new WrongExpectedRevisionError(request.stream, request.expectedRevision, actual);
    this.markDeleted.run(request.stream, head.lastRevision);
    this.heads.set(request.stream, { lastRevision: head.lastRevision, deletedUpTo: head.lastRevision });
    return { lastRevision: head.lastRevision, position: 0n, inserted: false };
  }

  private head(stream: string): StreamHead {
    const cached = this.heads.get(stream);
    if (cached) return cached;
    const lastRevision = (this.lastRevision.get(stream) as bigint | null) ?? null;
    if (lastRevision === null) return EMPTY_HEAD;
    const head = { lastRevision, deletedUpTo: (this.deletedUpTo.get(stream) as bigint | undefined) ?? null };
    this.heads.set(stream, head);
    return head;
  }
}

export function serializeError(error: unknown): SerializedError {
  const {
    name = 'Error',
    message = String(error),
    ...fields
  } = (typeof error === 'object' && error !== null ? { ...error } : {}) as Record<string, unknown>;
  const proper =
    error instanceof Error
      ? { name: error.name, message: error.message }
      : { name: String(name), message: String(message) };
  return { ...proper, fields: Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'stack')) };
}
