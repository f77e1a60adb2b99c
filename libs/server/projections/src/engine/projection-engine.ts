import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import type { ProjectedEvent } from '@liars-dice/game-projections';
import { PROJECTIONS } from '../read-models';
import type { ReadDb } from '../read-database';
import { CheckpointStore, type ProjectionFailure, type ProjectionState } from './checkpoint-store';
import { MatchFactsFold, type FoldedFacts } from './match-facts-fold';
import type { Projection, ProjectionFactory } from './projection';
import { toProjected } from './projected';
import { dumpTables, emptyTables } from './tables';

interface Pending {
  readonly record: RecordedEvent;
  readonly projected: ProjectedEvent | null;
  /**
   * The match's facts before and after this event, folded once for every projection (facts are a function of
   * the match's events up to this one); null when no projection that reads facts applies it.
   */
  readonly facts: FoldedFacts | null;
}

interface Unit {
  readonly projection: Projection;
  state: ProjectionState;
}

/** Whether a projection reads the (non-match) stream a record comes from. */
function readsOther(projection: Projection, streamName: string): boolean {
  return projection.applyOther !== undefined && (projection.otherStreams ?? []).some((prefix) => streamName.startsWith(prefix));
}

/**
 * Applies stored events to every projection, synchronously, inside one SQLite transaction per batch: each
 * projection's writes and its checkpoint commit together. Idempotent (an event at or before a projection's
 * checkpoint is skipped). A projection that throws is rolled back to before that event and stopped, with the
 * event, position and error recorded; the others carry on. A stopped projection resumes (retrying the same
 * event) only when the engine is opened again or it is rebuilt.
 */
export class ProjectionEngine {
  private readonly units: Unit[];
  private readonly checkpoints: CheckpointStore;
  private readonly facts = new MatchFactsFold();
  /** Made once (better-sqlite3 builds a wrapper per `transaction()` call); called inside itself it is a savepoint. */
  private readonly transaction: (work: () => number) => number;

  constructor(
    private readonly db: ReadDb,
    factories: readonly ProjectionFactory[] = PROJECTIONS,
  ) {
    this.transaction = db.transaction((work: () => number) => work());
    this.checkpoints = new CheckpointStore(db);
    this.units = factories.map((factory) => {
      const projection = factory(db);
      // A projection stopped by a failure retries its event when the engine is opened again (after a fix).
      return { projection, state: { ...this.checkpoints.read(projection.name), failure: null } };
    });
    // No checkpoint means nothing applied: leftover rows (a file whose checkpoints were cleared) go.
    this.reset(this.units.filter((u) => u.state.position === null).map((u) => u.projection.name));
  }

  get names(): string[] {
    return this.units.map((u) => u.projection.name);
  }

  states(): ProjectionState[] {
    return this.units.map((u) => u.state);
  }

  /** The failures recorded in the database (kept until the projection next commits). */
  recordedFailures(): ProjectionFailure[] {
    return this.names.map((name) => this.checkpoints.read(name).failure).filter((f): f is ProjectionFailure => f !== null);
  }

  /** Where a subscription must start so every running projection sees its next event (null: the start). */
  resumeAfter(): bigint | null {
    const running = this.units.filter((u) => !u.state.failure);
    if (running.length === 0 || running.some((u) => u.state.position === null)) return null;
    return running.reduce((low, u) => (u.state.position !== null && u.state.position < low ? u.state.position : low), running[0]?.state.position ?? 0n);
  }

  /**
   * Reads from the matches' own streams the facts `applyBatch(records)` needs and memory lacks (after a start,
   * an eviction, or for a projection replaying from behind). Undefined when memory has them all (the rule
   * while live): the batch can then be applied at once.
   */
  prepare(records: readonly RecordedEvent[], store: Pick<EventStore, 'readStreamIfExists'>): Promise<void> | undefined {
    const gaps = this.facts.gaps(records, this.factsNeeded());
    return gaps.length > 0 ? this.facts.load(store, gaps) : undefined;
  }

  /**
   * Applies a batch in one transaction; returns how many projection applications it made. The fast path has
   * no savepoint at all; if any projection throws, the whole transaction is rolled back and the batch runs
   * again carefully, with a savepoint per projection (and per event for the one that failed). The match facts
   * it needs must be in memory (`prepare`): it throws before writing anything otherwise.
   */
  applyBatch(records: readonly RecordedEvent[]): number {
    const items = records.map((record) => ({ record, projected: toProjected(record) }));
    const folded = this.facts.fold(items, this.factsNeeded());
    const batch = items.map((item, i): Pending => ({ ...item, facts: folded[i] ?? null }));
    const before = this.units.map((u) => u.state);
    const restore = (): void =>
      this.units.forEach((u, i) => {
        u.state = before[i] ?? u.state;
        this.discardUnit(u);
      });
    try {
      return this.applyFast(batch);
    } catch {
      restore();
    }
    try {
      return this.applyCarefully(batch);
    } catch (error) {
      restore();
      throw error;
    }
  }

  /**
   * Empties the named projections' tables and checkpoints (a rebuild then replays from the start; facts are folded
   * from the log), and what they keep in memory between batches, so a live rebuild starts as clean as a new engine.
   */
  reset(names: readonly string[] = this.names): void {
    const units = this.units.filter((u) => names.includes(u.projection.name));
    units.forEach((unit) => this.discardUnit(unit));
    this.transaction(() => {
      emptyTables(this.db, units.flatMap((u) => u.projection.tables));
      for (const unit of units) {
        unit.state = { name: unit.projection.name, position: null, events: 0, failure: null };
        this.checkpoints.write(unit.state);
      }
      return units.length;
    });
  }

  /** Every row of the named projections' tables in a stable order (rebuild-equals-live checks). */
  dump(names: readonly string[] = this.names): Record<string, unknown[]> {
    return dumpTables(this.db, this.units.filter((u) => names.includes(u.projection.name)).flatMap((u) => u.projection.tables));
  }

  projection<P extends Projection>(name: string): P | undefined {
    return this.units.find((u) => u.projection.name === name)?.projection as P | undefined;
  }

  /** One transaction, no savepoint: a throw aborts the whole batch. */
  private applyFast(batch: readonly Pending[]): number {
    return this.transaction(() => this.applyAll(batch, (unit, pending) => this.applyUnitFast(unit, pending)));
  }

  /** One transaction, a savepoint per projection: a projection that throws stops alone. */
  private applyCarefully(batch: readonly Pending[]): number {
    return this.transaction(() => this.applyAll(batch, (unit, pending) => this.applyUnit(unit, pending)));
  }

  /** A projection's events inside a savepoint of the open transaction. */
  private applyInSavepoint(unit: Unit, pending: readonly Pending[]): void {
    this.transaction(() => {
      for (const item of pending) this.advance(unit, item);
      this.flushUnit(unit);
      return pending.length;
    });
  }

  private applyAll(batch: readonly Pending[], applyUnit: (unit: Unit, pending: readonly Pending[]) => number): number {
    let applied = 0;
    for (const unit of this.units) {
      const pending = batch.filter(({ record }) => !unit.state.failure && (unit.state.position === null || record.position > unit.state.position));
      if (pending.length === 0 || unit.state.failure) continue;
      applied += applyUnit(unit, pending);
      this.checkpoints.write(unit.state);
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
      this.applyInSavepoint(unit, pending);
    } catch {
      this.discardUnit(unit);
      unit.state = start;
      for (const item of pending) if (!this.step(unit, item)) break;
    }
    return unit.state.events - start.events;
  }

  /** The state moves once for the whole batch (a throw rolls every unit back to `applyBatch`'s copy anyway). */
  private applyUnitFast(unit: Unit, pending: readonly Pending[]): number {
    let applied = 0;
    for (const item of pending) if (this.applyOne(unit, item)) applied++;
    const last = pending[pending.length - 1];
    if (last) unit.state = { ...unit.state, position: last.record.position, events: unit.state.events + applied };
    this.flushUnit(unit);
    return applied;
  }

  private advance(unit: Unit, item: Pending): void {
    const applied = this.applyOne(unit, item);
    unit.state = { ...unit.state, position: item.record.position, events: unit.state.events + (applied ? 1 : 0) };
  }

  /** Applies one event to one projection; whether it was one the projection reads. */
  private applyOne(unit: Unit, item: Pending): boolean {
    const { record, projected } = item;
    const applied = projected ? this.applyMatchEvent(unit, item, projected) : readsOther(unit.projection, record.streamName);
    if (applied && !projected) unit.projection.applyOther?.(record);
    return applied;
  }

  private applyMatchEvent(unit: Unit, item: Pending, projected: ProjectedEvent): true {
    const { position, created } = item.record;
    const committedAt = created.getTime();
    if (unit.projection.usesFacts === false) {
      unit.projection.apply({ event: projected, before: null, after: null, position, committedAt });
      return true;
    }
    const { before, after } = item.facts ?? { before: null, after: null };
    unit.projection.apply({ event: projected, before, after, position, committedAt });
    return true;
  }

  /** One projection, one event, inside its own savepoint; false (and the projection stopped) if it threw. */
  private step(unit: Unit, item: Pending): boolean {
    const before = unit.state;
    try {
      this.applyInSavepoint(unit, [item]);
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
  }

  private discardUnit(unit: Unit): void {
    unit.projection.discard?.();
  }

  /** Whether some running projection that reads facts still has `record` to apply. */
  private factsNeeded(): (record: RecordedEvent) => boolean {
    const readers = this.units.filter((u) => u.projection.usesFacts !== false && !u.state.failure);
    if (readers.length === 0) return () => false;
    if (readers.some((u) => u.state.position === null)) return () => true;
    const low = readers.reduce((min, u) => ((u.state.position as bigint) < min ? (u.state.position as bigint) : min), readers[0]?.state.position as bigint);
    return (record) => record.position > low;
  }
}

export type { ProjectionFailure, ProjectionState };
