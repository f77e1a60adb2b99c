import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'node:worker_threads';
import type { EventStore } from '@liars-dice/event-store-port';
import { EVENT_STORE, MetricsRegistry } from '@liars-dice/server-platform';
import { recordedStates, type ProjectionFailure, type ProjectionState } from './projection-engine';
import { InlineProjections, type ProjectionFeed } from './projection-feed';
import { ProjectionMetrics } from './projection-metrics';
import { PROJECTION_NAMES } from './projections';
import { openReadDatabase, type ReadDb } from './read-database';
import { ReadModels } from './read-models';
import { ProjectionsThread } from './worker/projections-thread';

export const PROJECTIONS_OPTIONS = Symbol('PROJECTIONS_OPTIONS');
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;

type ThreadHooks = Parameters<typeof ProjectionsThread.start>[1];

export interface ProjectionsOptions {
  /** This instance's read database file (':memory:' for a throw-away one). */
  readonly file: string;
  /**
   * Starts the projections worker thread on `file` (docs/adr/0009); without it the runner shares the API's
   * thread (an in-memory store, which another thread cannot read).
   */
  readonly thread?: () => Worker;
}

/** Owns this instance's read database (reads here) and the feed that writes it; starts and stops with the app. */
@Injectable()
export class ProjectionsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private db!: ReadDb;
  private metrics: ProjectionMetrics;
  private shuttingDown = false;
  private restart: ReturnType<typeof setTimeout> | null = null;
  private restarts = 0;
  private lastRestart = 0;
  feed!: ProjectionFeed;
  read!: ReadModels;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS_OPTIONS) private readonly options: ProjectionsOptions,
    registry: MetricsRegistry,
  ) {
    this.metrics = new ProjectionMetrics(registry, store, () => this.states());
  }

  async onModuleInit(): Promise<void> {
    const hooks = {
      metrics: this.metrics,
      onFailure: (name: string, f: ProjectionFailure) => this.logger.error(`projection ${name} stopped at ${f.stream} ${f.type} (event ${f.eventId}, position ${f.position}): ${f.error}`),
      onError: (error: unknown) => this.logger.error(error instanceof Error ? error.message : String(error)),
    };
    if (this.options.thread) {
      // The thread creates the tables first; this connection only reads them.
      this.feed = await this.startThread(this.options.thread, hooks);
      this.db = openReadDatabase(this.options.file);
    } else {
      this.db = openReadDatabase(this.options.file);
      const inline: ProjectionFeed = new InlineProjections(this.store, this.db, {
        ...hooks,
        onError: (error: unknown) => this.followAgainLater(inline, error),
        onCheckpointError: (m) => this.logger.warn(`read database checkpoint failed: ${m}`),
      });
      this.feed = inline;
    }
    this.read = new ReadModels(this.db);
  }

  onApplicationBootstrap(): void {
    this.feed.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    if (this.restart) clearTimeout(this.restart);
    await this.feed.stop();
    this.db.close();
  }

  private startThread(spawn: () => Worker, hooks: ThreadHooks): Promise<ProjectionsThread> {
    return ProjectionsThread.start(spawn(), { ...hooks, onUnexpectedExit: (error) => this.restartLater(spawn, hooks, error) });
  }

  /**
   * A thread that dies is started again (it resumes after its committed checkpoints) after a pause that
   * doubles while it keeps dying within a minute, up to RESTART_MAX_MS; the read models only lag meanwhile.
   */
  private restartLater(spawn: () => Worker, hooks: ThreadHooks, error: Error): void {
    if (this.shuttingDown) return;
    const now = Date.now();
    if (now - this.lastRestart > 60_000) this.restarts = 0;
    this.lastRestart = now;
    const pause = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.restarts++);
    this.logger.error(`${error.message}; starting it again in ${pause} ms`);
    this.restart = setTimeout(() => {
      this.restart = null;
      this.startThread(spawn, hooks).then(
        (thread) => (this.shuttingDown ? void thread.stop() : (this.feed = thread)),
        (failure: unknown) => this.restartLater(spawn, hooks, failure instanceof Error ? failure : new Error(String(failure))),
      );
    }, pause);
    this.restart.unref();
  }

  /**
   * The runner in this thread (in-memory store) lost its subscription: it follows the store again, from its
   * checkpoints, after the same growing pause as a dead projections thread.
   */
  private followAgainLater(feed: ProjectionFeed, error: unknown): void {
    if (this.shuttingDown) return;
    const now = Date.now();
    if (now - this.lastRestart > 60_000) this.restarts = 0;
    this.lastRestart = now;
    const pause = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.restarts++);
    this.logger.error(`projection subscription ended (${error instanceof Error ? error.message : String(error)}); following again in ${pause} ms`);
    this.restart = setTimeout(() => {
      this.restart = null;
      if (this.shuttingDown) return;
      feed.stop().then(
        () => (this.shuttingDown ? undefined : feed.start()),
        (failure: unknown) => this.followAgainLater(feed, failure),
      );
    }, pause);
    this.restart.unref();
  }

  /** Each projection's checkpoint and failure, as committed. */
  states(): ProjectionState[] {
    return this.db ? recordedStates(this.db, PROJECTION_NAMES) : [];
  }

  /** Recomputes a family's ladder from its remaining ranked results (after a void); returns players rated. */
  async recomputeRatings(family: string): Promise<number> {
    await this.feed.recompute(family);
    return this.read.leaderboard(family, 100_000, null).nodes.length;
  }
}
