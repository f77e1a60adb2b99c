import type { RecordedEvent } from '@liars-dice/event-store-port';
import { evolveFacts, type MatchFacts, type ProjectedEvent } from '@liars-dice/game-projections';
import { FactsCache } from './facts-cache';
import type { Projection, ProjectionFactory } from './projection';
import { PROJECTIONS } from './projections';
import { toProjected } from './projected';
import { positionKey, positionOf, type ReadDb } from './read-database';

/** Where a projection stopped: the event it could not apply, its position, and the error. */
export interface ProjectionFailure {
  readonly eventId: string;
  readonly stream: string;
  readonly type: string;
  readonly position: bigint;
  readonly error: string;
}

export interface ProjectionState {
  readonly name: string;
  /** The last position applied (the checkpoint); null before the first event. */
  readonly position: bigint | null;
  readonly events: number;
  readonly failure: ProjectionFailure | null;
}

interface Pending {
  readonly record: RecordedEvent;
  readonly projected: ProjectedEvent | null;
  /**
   * The facts after this event, computed by the first projection to apply it and reused by the others:
   * facts are a function of the match's events up to this one, so every projection holds the same facts
   * before it (only `changed` matters for one whose copy is another object with the same content).
   */
  folded?: { readonly after: MatchFacts | null; readonly changed: boolean };
}

interface Unit {
  readonly projection: Projection;
  readonly facts: FactsCache;
  state: ProjectionState;
}

interface CheckpointRow {
  name: string;
  position: string | null;
  events: number;
  failed_event_id: string | null;
  failed_stream: string | null;
  failed_position: string | null;
  failed_type: string | null;
  error: string | null;
}

function stateOf(row: CheckpointRow): ProjectionState {
  const failure =
    row.failed_event_id !== null
      ? { eventId: row.failed_event_id, stream: row.failed_stream ?? '', type: row.failed_type ?? '', position: positionOf(row.failed_position ?? '0'), error: row.error ?? '' }
      : null;
  return { name: row.name, position: row.position === null ? null : positionOf(row.position), events: row.events, failure };
}

/** The checkpoints as recorded, read through any connection to the read database (the API's reading one). */
export function recordedStates(db: ReadDb, names: readonly string[]): ProjectionState[] {
  const load = db.prepare('SELECT * FROM projection_checkpoints WHERE name = ?');
  return names.flatMap((name) => {
    const row = load.get(name) as CheckpointRow | undefined;
    return row ? [stateOf(row)] : [];
  });
}

function fold(before: MatchFacts | null, projected: ProjectedEvent): NonNullable<Pending['folded']> {
  const after = evolveFacts(before, projected);
  return { after, changed: after !== before };
}

/**
 * Applies stored events to every projection, synchronously, inside one SQLite transaction per batch: each
 * projection's writes and its checkpoint commit together. Idempotent (an event at or before a projection's
 * checkpoint is skipped). A projection that throws is rolled back to before that event and stopped, with the
 * event, position and error recorded; the others carry on. A stopped projection resumes (retrying the same
 * event) only when the runner starts again or it is rebuilt.
 */
export class ProjectionEngine {
  private readonly units: Unit[];
  private readonly saveCheckpoint;
  private readonly loadCheckpoint;
  private readonly inTransaction: (records: readonly RecordedEvent[]) => number;
  private readonly inFastTransaction: (records: readonly RecordedEvent[]) => number;
  private readonly inSavepoint: (unit: Unit, pending: readonly Pending[]) => void;

  constructor(
    private readonly db: ReadDb,
    factories: readonly ProjectionFactory[] = PROJECTIONS,
  ) {
    // Made once: better-sqlite3 builds a wrapper per `transaction()` call (nested calls become savepoints).
    this.inTransaction = db.transaction((records: readonly RecordedEvent[]) => this.applyAll(records));
    this.inFastTransaction = db.transaction((records: readonly RecordedEvent[]) => this.applyAll(records, true));
    this.inSavepoint = db.transaction((unit: Unit, pending: readonly Pending[]) => {
      for (const item of pending) this.advance(unit, item);
      this.flushUnit(unit);
    });
    this.saveCheckpoint = db.prepare(`UPDATE projection_checkpoints SET position = ?, events = ?, failed_event_id = ?, failed_stream = ?,
      failed_position = ?, failed_type = ?, error = ? WHERE name = ?`);
    this.loadCheckpoint = db.prepare('SELECT * FROM projection_checkpoints WHERE name = ?');
    const ensure = db.prepare('INSERT OR IGNORE INTO projection_checkpoints (name) VALUES (?)');
    this.units = factories.map((factory) => {
      const projection = factory(db);
      ensure.run(projection.name);
      return { projection, facts: new FactsCache(db, projection.name), state: this.load(projection.name) };
    });
    // No checkpoint means nothing applied: leftover rows (a legacy file whose checkpoints were cleared) go.
    this.reset(this.units.filter((u) => u.state.position === null).map((u) => u.projection.name));
  }

  get names(): string[] {
    return this.units.map((u) => u.projection.name);
  }

  states(): ProjectionState[] {
    return this.units.map((u) => u.state);
  }

  /** Where a subscription must start so every running projection sees its next event (null: the start). */
  resumeAfter(): bigint | null {
    const running = this.units.filter((u) => !u.state.failure);
    if (running.length === 0 || running.some((u) => u.state.position === null)) return null;
    return running.reduce((low, u) => (u.state.position !== null && u.state.position < low ? u.state.position : low), running[0]?.state.position ?? 0n);
  }

  /**
   * Applies a batch in one transaction; returns how many projection applications it made. The fast path has
   * no savepoint at all; if any projection throws, the whole transaction is rolled back and the batch runs
   * again with a savepoint per projection (and per event for the one that failed).
   */
  applyBatch(records: readonly RecordedEvent[]): number {
    const before = this.units.map((u) => u.state);
    const restore = (): void =>
      this.units.forEach((u, i) => {
        u.state = before[i] ?? u.state;
        this.discardUnit(u);
      });
    try {
      return this.inFastTransaction(records);
    } catch {
      restore();
    }
    try {
      return this.inTransaction(records);
    } catch (error) {
      restore();
      throw error;
    }
  }

  /** Empties the named projections' tables, facts and checkpoints (a rebuild then replays from the start). */
  reset(names: readonly string[] = this.names): void {
    this.db.transaction(() => {
      for (const unit of this.units.filter((u) => names.includes(u.projection.name))) {
        for (const table of unit.projection.tables) this.db.exec(`DELETE FROM ${table}`);
        this.db.prepare('DELETE FROM match_facts WHERE projection = ?').run(unit.projection.name);
        unit.state = { name: unit.projection.name, position: null, events: 0, failure: null };
        unit.facts.forget();
        this.persist(unit);
      }
    })();
  }

  /** Every row of the named projections' tables in a stable order (rebuild-equals-live checks). */
  dump(names: readonly string[] = this.names): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {};
    for (const unit of this.units.filter((u) => names.includes(u.projection.name))) {
      for (const table of unit.projection.tables) {
        const columns = (this.db.prepare(`SELECT * FROM ${table} LIMIT 0`).columns() as { name: string }[]).map((_, i) => i + 1);
        out[table] = this.db.prepare(`SELECT * FROM ${table} ORDER BY ${columns.join(', ')}`).all();
      }
    }
    return out;
  }

  projection<P extends Projection>(name: string): P | undefined {
    return this.units.find((u) => u.projection.name === name)?.projection as P | undefined;
  }

  private applyAll(records: readonly RecordedEvent[], fast = false): number {
    const batch = records.map((record) => ({ record, projected: toProjected(record) }));
    let applied = 0;
    for (const unit of this.units) {
      const pending = batch.filter(({ record }) => !unit.state.failure && (unit.state.position === null || record.position > unit.state.position));
      if (pending.length === 0 || unit.state.failure) continue;
      applied += fast ? this.applyUnitFast(unit, pending) : this.applyUnit(unit, pending);
      this.persist(unit);
    }
    return applied;
  }

  /**
   * A projection's share of a batch inside one savepoint; if any event throws, the savepoint is rolled back and
   * the batch is applied again event by event, so the projection stops exactly before the failing event.
   */
  private applyUnit(unit: Unit, pending: readonly Pending[]): number {
    const start = unit.state;
    try {
      this.inSavepoint(unit, pending);
    } catch {
      this.discardUnit(unit);
      unit.state = start;
      for (const item of pending) if (!this.step(unit, item)) break;
    }
    return unit.state.events - start.events;
  }

  /** Without a savepoint: a throw aborts the whole batch (applyBatch then takes the careful path). */
  private applyUnitFast(unit: Unit, pending: readonly Pending[]): number {
    const start = unit.state.events;
    for (const item of pending) this.advance(unit, item);
    this.flushUnit(unit);
    return unit.state.events - start;
  }

  private advance(unit: Unit, item: Pending): void {
    const { record, projected } = item;
    if (projected && unit.projection.usesFacts === false) unit.projection.apply({ event: projected, before: null, after: null, position: record.position });
    else if (projected) {
      const before = unit.facts.get(projected.matchId);
      item.folded ??= fold(before, projected);
      const after = item.folded.changed ? item.folded.after : before;
      unit.projection.apply({ event: projected, before, after, position: record.position });
      if (after && after !== before) unit.facts.set(projected.matchId, after);
    }
    unit.state = { ...unit.state, position: record.position, events: unit.state.events + (projected ? 1 : 0) };
  }

  /** One projection, one event, inside its own savepoint; false (and the projection stopped) if it threw. */
  private step(unit: Unit, item: Pending): boolean {
    const before = unit.state;
    try {
      this.inSavepoint(unit, [item]);
      return true;
    } catch (error) {
      this.discardUnit(unit);
      const { record } = item;
      const message = error instanceof Error ? error.message : String(error);
      unit.state = { ...before, failure: { eventId: record.id, stream: record.streamName, type: record.type, position: record.position, error: message } };
      return false;
    }
  }

  private flushUnit(unit: Unit): void {
    unit.projection.flush?.();
    unit.facts.flush();
  }

  private discardUnit(unit: Unit): void {
    unit.projection.discard?.();
    unit.facts.forget();
  }

  private persist(unit: Unit): void {
    const { position, events, failure } = unit.state;
    this.saveCheckpoint.run(
      position === null ? null : positionKey(position),
      events,
      failure?.eventId ?? null,
      failure?.stream ?? null,
      failure ? positionKey(failure.position) : null,
      failure?.type ?? null,
      failure?.error ?? null,
      unit.projection.name,
    );
  }

  /** A projection stopped by a failure retries its event when the engine is opened again (after a fix). */
  private load(name: string): ProjectionState {
    return { ...stateOf(this.loadCheckpoint.get(name) as CheckpointRow), failure: null };
  }

  /** The failures recorded in the database (kept until the projection next commits). */
  recordedFailures(): ProjectionFailure[] {
    return this.names.map((name) => stateOf(this.loadCheckpoint.get(name) as CheckpointRow).failure).filter((f): f is ProjectionFailure => f !== null);
  }
}
