import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import { PROJECTED_STREAMS } from '../engine/projected-streams';
import type { ProjectionEngine, ProjectionFailure } from '../engine/projection-engine';
import { AppliedWaiter } from './applied-waiter';

/** How long the first event of a burst waits for others to share its commit. */
const BATCH_WINDOW_MS = 2;

/** Where the runner counts what it did (ProjectionMetrics on /metrics, or the worker's messages). */
export interface RunnerMetrics {
  readonly lag: { observe(seconds: number): void };
  readonly applied: { inc(applications: number): void };
}

export interface RunnerHooks {
  readonly metrics?: RunnerMetrics;
  readonly now?: () => number;
  /** Told once per projection that stops, with where and why. */
  readonly onFailure?: (projection: string, failure: ProjectionFailure) => void;
  /** Told after each event's read-model commit, with the commit time (the benchmark's lag samples). */
  readonly onCommitted?: (event: RecordedEvent, committedAt: number) => void;
  /** Told after each batch's commit, with the last position the batch held. */
  readonly onApplied?: (position: bigint) => void;
  /** Told when the subscription itself ends with an error (the store went away). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Feeds the projections from a catch-up subscription on the event store (never the in-process EventBus),
 * starting after the lowest checkpoint; catch-up, then live. Events that arrive together (one page of the
 * subscription, one group commit of the store, or within BATCH_WINDOW_MS of the first) are applied in one
 * transaction: one commit per burst instead of one per event, for at most that much added latency.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;
  private readonly waiter = new AppliedWaiter();
  private reported = new Set<string>();
  private queue: RecordedEvent[] = [];
  /** The last position handed to the engine (in order: the subscription delivers positions ascending). */
  private lastApplied: bigint | null = null;
  private flushing: ReturnType<typeof setTimeout> | null = null;
  /** A batch waiting for match facts read from the store; later events queue behind it, in order. */
  private loading: Promise<void> | null = null;
  /** A batch failed to apply: nothing after it may be applied (that would skip its events); the feed stops. */
  private failed = false;

  constructor(
    private readonly store: EventStore,
    private readonly engine: ProjectionEngine,
    private readonly hooks: RunnerHooks = {},
  ) {}

  start(): void {
    if (this.subscription) return;
    // What a stop left queued (behind a failed batch, say) comes again from the new subscription, in order.
    this.queue = [];
    this.failed = false;
    const after = this.engine.resumeAfter();
    this.subscription = this.store.subscribeToAll({ from: after === null ? 'start' : { position: after }, filter: { streamPrefixes: [...PROJECTED_STREAMS] } });
    this.loop = this.follow(this.subscription);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.loop;
    this.subscription = null;
  }

  /**
   * Rebuilds the named projections while live: the subscription stops, they are emptied, and it follows the store
   * again from the lowest checkpoint, now the start. They replay every event; the others skip what they applied.
   */
  async rebuild(names: readonly string[]): Promise<void> {
    await this.stop();
    this.engine.reset(names);
    for (const name of names) this.reported.delete(name);
    this.start();
  }

  get isCaughtUp(): boolean {
    return this.waiter.isCaughtUp;
  }

  /** Resolves once the initial catch-up is done. */
  whenCaughtUp(): Promise<void> {
    return this.waiter.whenCaughtUp();
  }

  /** Resolves once every running projection has applied the match event at `position` (tests, benchmarks). */
  whenApplied(position: bigint): Promise<void> {
    return this.waiter.whenApplied(position);
  }

  private async follow(subscription: Subscription): Promise<void> {
    try {
      for await (const message of subscription) {
        if (message.kind === 'caught-up') {
          await this.drain();
          this.waiter.markCaughtUp();
        } else this.enqueue(message.event);
      }
    } catch (error) {
      this.hooks.onError?.(error);
    }
    await this.drain();
    this.waiter.markCaughtUp();
  }

  /** Applies everything queued, waiting for any facts being read. */
  private async drain(): Promise<void> {
    this.flush();
    while (this.loading) {
      await this.loading;
      this.flush();
    }
  }

  private enqueue(event: RecordedEvent): void {
    this.queue.push(event);
    this.flushing ??= setTimeout(() => this.flush(), BATCH_WINDOW_MS);
  }

  /**
   * Applies the queued events in one batch: synchronously when the match facts they need are in memory (the
   * rule while live), else once `prepare` has read them from the store (after a start), queueing what
   * arrives meanwhile.
   */
  private flush(): void {
    if (this.flushing) clearTimeout(this.flushing);
    this.flushing = null;
    const batch = this.queue;
    if (batch.length === 0 || this.loading || this.failed) return;
    this.queue = [];
    const reading = this.engine.prepare(batch, this.store);
    if (!reading) return this.applyOrStop(batch);
    this.loading = reading
      .then(() => this.applyOrStop(batch))
      .catch((error: unknown) => this.stopOn(error))
      .finally(() => {
        this.loading = null;
        this.flush();
      });
  }

  private applyOrStop(batch: readonly RecordedEvent[]): void {
    try {
      this.apply(batch);
    } catch (error) {
      this.stopOn(error);
    }
  }

  /** The read database or the store failed (disk, lock): nothing was committed; stop rather than skip. */
  private stopOn(error: unknown): void {
    this.failed = true;
    this.hooks.onError?.(error);
    void this.subscription?.close();
  }

  private apply(batch: readonly RecordedEvent[]): void {
    const applied = this.engine.applyBatch(batch);
    this.lastApplied = batch[batch.length - 1]?.position ?? this.lastApplied;
    const now = this.hooks.now?.() ?? Date.now();
    for (const event of batch) {
      this.hooks.metrics?.lag.observe((now - event.created.getTime()) / 1000);
      this.hooks.onCommitted?.(event, now);
    }
    if (applied > 0) this.hooks.metrics?.applied.inc(applied);
    this.reportFailures();
    if (this.lastApplied === null) return;
    // Every running projection applied the whole batch (a stopped one is waited for no more).
    this.waiter.reached(this.lastApplied);
    this.hooks.onApplied?.(this.lastApplied);
  }

  private reportFailures(): void {
    for (const state of this.engine.states()) {
      if (state.failure && !this.reported.has(state.name)) {
        this.reported.add(state.name);
        this.hooks.onFailure?.(state.name, state.failure);
      }
    }
  }
}
