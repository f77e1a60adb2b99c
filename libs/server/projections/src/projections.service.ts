import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'node:worker_threads';
import type { EventStore } from '@liars-dice/event-store-port';
import { backoff, Clock, EVENT_STORE, MetricsRegistry } from '@liars-dice/server-platform';
import { type ProjectionFailure, type ProjectionState, recordedStates } from './engine/checkpoint-store';
import { ProjectionControl } from './feed/projection-control';
import { InlineProjections, type ProjectionFeed } from './feed/projection-feed';
import { ProjectionMetrics } from './feed/projection-metrics';
import type { ReadProgress } from './feed/read-progress';
import type { MatchListChanges } from './read-models/match-list/match-list.changes';
import { MatchListFeed, PROJECTION_NAMES } from './read-models';
import { ReadDatabase } from './read-connection';
import { openReadDatabase } from './read-database';
import { ProjectionsThread } from './worker/projections-thread';

export const PROJECTIONS_OPTIONS = Symbol('PROJECTIONS_OPTIONS');
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A thread that ran this long since its last restart starts the backoff over. */
const RESTART_CALM_MS = 60_000;

type ThreadHooks = Parameters<typeof ProjectionsThread.start>[1];

export interface ProjectionsOptions {
  /** This instance's read database file (':memory:' for a throw-away one). */
  readonly file: string;
  /**
   * Starts the projections worker thread on `file`; without it the runner shares the API's
   * thread (an in-memory store, which another thread cannot read).
   */
  readonly thread?: () => Worker;
}

/**
 * Runs whatever feeds this instance's read database (the projections thread, or the runner in this thread) and
 * opens the connection the read models' queries read; starts and stops with the app.
 */
@Injectable()
export class ProjectionsService extends ProjectionControl implements ReadProgress, OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly metrics: ProjectionMetrics;
  private shuttingDown = false;
  private restart: ReturnType<typeof setTimeout> | null = null;
  private restarts = 0;
  private lastRestart = 0;
  feed!: ProjectionFeed;
  /** The connection the read models' queries read (provided to them as `ReadDatabase`). */
  readonly read = new ReadDatabase();
  /** Where each committed batch's match-list changes go (provided as `MatchListFeed` to `matchListUpdated`). */
  readonly list = new MatchListFeed();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS_OPTIONS) private readonly options: ProjectionsOptions,
    registry: MetricsRegistry,
    private readonly clock: Clock,
  ) {
    super();
    this.metrics = new ProjectionMetrics(registry, store, () => this.states());
  }

  async onModuleInit(): Promise<void> {
    const hooks = {
      metrics: this.metrics,
      onFailure: (name: string, f: ProjectionFailure) => this.logger.error(`projection ${name} stopped at ${f.stream} ${f.type} (event ${f.eventId}, position ${f.position}): ${f.error}`),
      onError: (error: unknown) => this.logger.error(error instanceof Error ? error.message : String(error)),
      onListChanges: (list: MatchListChanges) => this.list.publish(list),
    };
    if (this.options.thread) {
      // The thread creates the tables first; this connection only reads them.
      this.feed = await this.startThread(this.options.thread, hooks);
      this.read.use(openReadDatabase(this.options.file));
    } else {
      const db = openReadDatabase(this.options.file);
      this.read.use(db);
      const inline: ProjectionFeed = new InlineProjections(this.store, db, {
        ...hooks,
        onError: (error: unknown) => this.followAgainLater(inline, error),
        onCheckpointError: (m) => this.logger.warn(`read database checkpoint failed: ${m}`),
        onApplied: (_position, list) => list && this.list.publish(list),
      });
      this.feed = inline;
    }
  }

  onApplicationBootstrap(): void {
    this.feed.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    if (this.restart) clearTimeout(this.restart);
    await this.feed.stop();
    this.read.close();
  }

  states(): ProjectionState[] {
    return this.read.isOpen ? recordedStates(this.read.db, PROJECTION_NAMES) : [];
  }

  recompute(family: string): Promise<void> {
    return this.feed.recompute(family);
  }

  rebuild(name: string): Promise<void> {
    return this.feed.rebuild(name);
  }

  /** The lowest committed checkpoint of the running projections: what a read of the read database shows. */
  appliedUpTo(): bigint | null {
    const running = this.states().filter((state) => state.failure === null);
    let low: bigint | null = null;
    for (const { position } of running) {
      if (position === null) return null;
      if (low === null || position < low) low = position;
    }
    return low;
  }

  whenApplied(position: bigint): Promise<void> {
    return this.feed.whenApplied(position);
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
    const pause = this.nextPause();
    this.logger.error(`${error.message}; starting it again in ${pause} ms`);
    this.after(pause, () =>
      this.startThread(spawn, hooks).then(
        (thread) => (this.shuttingDown ? void thread.stop() : (this.feed = thread)),
        (failure: unknown) => this.restartLater(spawn, hooks, failure instanceof Error ? failure : new Error(String(failure))),
      ),
    );
  }

  /**
   * The runner in this thread (in-memory store) lost its subscription: it follows the store again, from its
   * checkpoints, after the same growing pause as a dead projections thread.
   */
  private followAgainLater(feed: ProjectionFeed, error: unknown): void {
    if (this.shuttingDown) return;
    const pause = this.nextPause();
    this.logger.error(`projection subscription ended (${error instanceof Error ? error.message : String(error)}); following again in ${pause} ms`);
    this.after(pause, () =>
      feed.stop().then(
        () => (this.shuttingDown ? undefined : feed.start()),
        (failure: unknown) => this.followAgainLater(feed, failure),
      ),
    );
  }

  /** A pause that doubles while failures keep coming within a minute, up to RESTART_MAX_MS. */
  private nextPause(): number {
    const now = this.clock.now();
    if (now - this.lastRestart > RESTART_CALM_MS) this.restarts = 0;
    this.lastRestart = now;
    return backoff(this.restarts++, RESTART_FIRST_MS, RESTART_MAX_MS);
  }

  /** Runs `job` after `pause` ms unless the app is shutting down by then (the timer never holds the process). */
  private after(pause: number, job: () => unknown): void {
    this.restart = setTimeout(() => {
      this.restart = null;
      if (!this.shuttingDown) job();
    }, pause);
    this.restart.unref();
  }
}
