import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@liars-dice/event-store-port';
import { EVENT_STORE, MetricsRegistry } from '@liars-dice/server-platform';
import { ProjectionEngine, type ProjectionState } from './projection-engine';
import { ProjectionMetrics } from './projection-metrics';
import { ProjectionRunner } from './projection-runner';
import { RatingProjection } from './projections';
import { openReadDatabase, type ReadDb } from './read-database';
import { ReadModels } from './read-models';
import { WalCheckpointer } from './wal-checkpointer';

export const READ_DB_FILE = Symbol('READ_DB_FILE');

/** Owns this instance's read database and the runner feeding it; starts with the app, stops with it. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly db: ReadDb;
  private readonly checkpointer: WalCheckpointer | null;
  readonly engine: ProjectionEngine;
  readonly runner: ProjectionRunner;
  readonly read: ReadModels;

  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(READ_DB_FILE) file: string, registry: MetricsRegistry) {
    this.db = openReadDatabase(file);
    this.checkpointer = WalCheckpointer.start(this.db, (message) => this.logger.warn(`read database checkpoint failed: ${message}`));
    this.engine = new ProjectionEngine(this.db);
    this.read = new ReadModels(this.db);
    this.runner = new ProjectionRunner(store, this.engine, {
      metrics: new ProjectionMetrics(registry, store, this.engine),
      onFailure: (name, f) => this.logger.error(`projection ${name} stopped at ${f.stream} ${f.type} (event ${f.eventId}, position ${f.position}): ${f.error}`),
      onError: (error) => this.logger.error(`projection subscription ended: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.checkpointer?.stop();
    this.db.close();
  }

  states(): ProjectionState[] {
    return this.engine.states();
  }

  /** Recomputes a family's ladder from its remaining ranked results (after a void); returns players rated. */
  recomputeRatings(family: string): number {
    const rating = this.engine.projection<RatingProjection>('rating');
    if (!rating) return 0;
    this.db.transaction(() => rating.recompute(family))();
    return this.read.leaderboard(family, 100_000, null).nodes.length;
  }
}
