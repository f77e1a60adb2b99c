import type { EventStore } from '@liars-dice/event-store-port';
import { ProjectionEngine } from '../engine/projection-engine';
import type { RatingProjection } from '../read-models/rating/rating.projection';
import type { MatchListChanges } from '../read-models/match-list/match-list.changes';
import type { MatchListProjection } from '../read-models/match-list/match-list.projection';
import type { ReadDb } from '../read-database';
import { ProjectionRunner, type RunnerHooks } from './projection-runner';
import { WalCheckpointer } from './wal-checkpointer';

/** What the API needs of whatever keeps the read database fed, in this thread or in a worker thread. */
export interface ProjectionFeed {
  start(): void;
  stop(): Promise<void>;
  /** Resolves once the initial catch-up is done. */
  whenCaughtUp(): Promise<void>;
  /** Resolves once every running projection has applied the match event at `position` (tests, benchmarks). */
  whenApplied(position: bigint): Promise<void>;
  /** Recomputes a family's ladder from its remaining ranked results (after a void). */
  recompute(family: string): Promise<void>;
  /** Empties one read model and replays the log into it while the others go on (resolves once it has started). */
  rebuild(name: string): Promise<void>;
}

export interface InlineHooks extends Omit<RunnerHooks, 'onApplied'> {
  /** A WAL checkpoint of the read database failed (the next one retries). */
  readonly onCheckpointError?: (message: string) => void;
  /** Told after each batch's commit: its last position, and the match-list rows it changed (null: none). */
  readonly onApplied?: (position: bigint, list: MatchListChanges | null) => void;
}

/**
 * The engine, its runner and the WAL checkpointer on one read database, in the calling thread: the projections
 * worker thread runs one, the API runs one itself only on an in-memory store.
 */
export class InlineProjections implements ProjectionFeed {
  readonly engine: ProjectionEngine;
  readonly runner: ProjectionRunner;
  private checkpointer: WalCheckpointer | null = null;

  constructor(
    store: EventStore,
    private readonly db: ReadDb,
    private readonly hooks: InlineHooks = {},
  ) {
    this.engine = new ProjectionEngine(db);
    const list = this.engine.projection<MatchListProjection>('match-list')?.changes;
    const { onApplied } = hooks;
    this.runner = new ProjectionRunner(store, this.engine, { ...hooks, onApplied: onApplied && ((position) => onApplied(position, list?.take() ?? null)) });
  }

  start(): void {
    this.checkpointer ??= WalCheckpointer.start(this.db, this.hooks.onCheckpointError);
    this.runner.start();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }

  whenCaughtUp(): Promise<void> {
    return this.runner.whenCaughtUp();
  }

  whenApplied(position: bigint): Promise<void> {
    return this.runner.whenApplied(position);
  }

  rebuild(name: string): Promise<void> {
    return this.runner.rebuild([name]);
  }

  async recompute(family: string): Promise<void> {
    const rating = this.engine.projection<RatingProjection>('rating');
    // Synchronous in this thread, so never interleaved with the runner's batches.
    if (rating) this.db.transaction(() => rating.recompute(family))();
  }
}
