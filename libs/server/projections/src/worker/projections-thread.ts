import type { Worker } from 'node:worker_threads';
import { AppliedWaiter } from '../feed/applied-waiter';
import type { ProjectionFeed } from '../feed/projection-feed';
import type { MatchListChanges } from '../read-models/match-list/match-list.changes';
import type { RunnerHooks } from '../feed/projection-runner';
import type { FromProjections, ToProjections } from './protocol';

type Hooks = Pick<RunnerHooks, 'metrics' | 'onFailure' | 'onError'> & {
  /** The match-list rows a committed batch changed (only batches that changed some). */
  readonly onListChanges?: (list: MatchListChanges) => void;
  /** The thread ended without being asked to stop (it crashed or was killed). */
  readonly onUnexpectedExit?: (error: Error) => void;
};

/**
 * The API thread's end of the projections worker thread (docs/adr/0009): the runner and its SQLite writes
 * run there, on their own store connection; here only its reports arrive (metrics, failures, positions).
 */
export class ProjectionsThread implements ProjectionFeed {
  private readonly waiter = new AppliedWaiter();
  private gone: Error | null = null;
  private stopping = false;
  /** Recomputations and rebuilds the thread has not answered yet, by id. */
  private readonly asked = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    private readonly hooks: Hooks,
  ) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: FromProjections) => this.receive(message));
    worker.on('error', (error) => this.hooks.onError?.(error));
    worker.once('exit', (code) => this.end(new Error(`the projections thread has stopped (exit code ${code})`)));
  }

  /** Resolves once the thread has the read database open with every projection's tables. */
  static start(worker: Worker, hooks: Hooks = {}): Promise<ProjectionsThread> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error): void => {
        void worker.terminate();
        reject(error);
      };
      const first = (message: FromProjections): void => {
        worker.off('error', failed);
        if (message.kind === 'ready') resolve(new ProjectionsThread(worker, hooks));
        else failed(new Error(`the projections thread could not start: ${message.kind === 'fatal' ? message.message : message.kind}`));
      };
      worker.once('message', first);
      worker.once('error', failed);
    });
  }

  start(): void {
    // The thread starts its runner as soon as it is ready.
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.gone) this.post({ kind: 'stop' });
    await this.exited;
  }

  whenCaughtUp(): Promise<void> {
    return this.waiter.whenCaughtUp();
  }

  whenApplied(position: bigint): Promise<void> {
    return this.waiter.whenApplied(position);
  }

  recompute(family: string): Promise<void> {
    return this.ask((id) => ({ kind: 'recompute', id, family }));
  }

  rebuild(name: string): Promise<void> {
    return this.ask((id) => ({ kind: 'rebuild', id, name }));
  }

  private ask(message: (id: number) => ToProjections): Promise<void> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    this.post(message(id));
    return new Promise((resolve, reject) => this.asked.set(id, { resolve, reject }));
  }

  private post(message: ToProjections): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromProjections): void {
    switch (message.kind) {
      case 'applied':
        return this.appliedUpTo(message);
      case 'caught-up':
        return this.waiter.markCaughtUp();
      case 'failure':
        return this.hooks.onFailure?.(message.projection, message.failure);
      case 'error':
      case 'fatal':
        return this.hooks.onError?.(new Error(message.message));
      case 'recomputed':
        return this.settle(message.id, message.error && `ratings recomputation failed: ${message.error}`);
      case 'rebuilt':
        return this.settle(message.id, message.error && `rebuild failed: ${message.error}`);
      case 'ready':
        return;
    }
  }

  private appliedUpTo({ position, lags, applications, list }: Extract<FromProjections, { kind: 'applied' }>): void {
    for (const seconds of lags) this.hooks.metrics?.lag.observe(seconds);
    if (applications > 0) this.hooks.metrics?.applied.inc(applications);
    this.waiter.reached(position);
    if (list) this.hooks.onListChanges?.(list);
  }

  private settle(id: number, error: string | null): void {
    const pending = this.asked.get(id);
    this.asked.delete(id);
    if (error === null) pending?.resolve();
    else pending?.reject(new Error(error));
  }

  private end(error: Error): void {
    this.gone = error;
    this.waiter.end(error);
    for (const pending of this.asked.values()) pending.reject(error);
    this.asked.clear();
    if (!this.stopping) this.hooks.onUnexpectedExit?.(error);
  }
}
