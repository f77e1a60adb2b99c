import { ThreadClient, type ThreadHandle } from '@liars-dice/platform-threads';
import { AppliedWaiter } from '../feed/applied-waiter';
import type { ProjectionFeed } from '../feed/projection-feed';
import type { MatchListChanges } from '../read-models/match-list/match-list.changes';
import type { RunnerHooks } from '../feed/projection-runner';
import type { AppliedReport, ProjectionsProtocol } from './protocol';

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
  private stopping = false;
  private client!: ThreadClient<ProjectionsProtocol>;

  private constructor(private readonly hooks: Hooks) {}

  /** Resolves once the thread has the read database open with every projection's tables. */
  static async start(worker: ThreadHandle, hooks: Hooks = {}): Promise<ProjectionsThread> {
    // Made first: the thread's first reports may come in the post that says it is ready.
    const thread = new ProjectionsThread(hooks);
    const stopped = (exitCode: number) => new Error(`the projections thread has stopped (exit code ${exitCode})`);
    try {
      thread.client = await ThreadClient.started<ProjectionsProtocol>(worker, {
        // Its posts are few (a recomputation, the stop): each goes at the end of the run that makes it.
        posting: 'run',
        on: {
          applied: (report) => thread.appliedUpTo(report),
          'caught-up': () => thread.waiter.markCaughtUp(),
          failure: ({ projection, failure }) => hooks.onFailure?.(projection, failure),
          error: (message) => hooks.onError?.(new Error(message)),
        },
        gone: (cause) => ('error' in cause ? cause.error : stopped(cause.exitCode)),
        onGone: (cause) => ('error' in cause ? hooks.onError?.(cause.error) : thread.end(stopped(cause.exitCode))),
        failed: ({ message }) => new Error(`the projections thread failed: ${message}`),
      });
    } catch (error) {
      void worker.terminate();
      throw new Error(`the projections thread could not start: ${(error as Error).message}`);
    }
    return thread;
  }

  start(): void {
    // The thread starts its runner as soon as it is ready.
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.client.tell('stop', null);
    await this.client.exited;
  }

  whenCaughtUp(): Promise<void> {
    return this.waiter.whenCaughtUp();
  }

  whenApplied(position: bigint): Promise<void> {
    return this.waiter.whenApplied(position);
  }

  async recompute(family: string): Promise<void> {
    await this.client.request('recompute', family);
  }

  async rebuild(name: string): Promise<void> {
    await this.client.request('rebuild', name);
  }

  private appliedUpTo({ position, lags, applications, list }: AppliedReport): void {
    for (const seconds of lags) this.hooks.metrics?.lag.observe(seconds);
    if (applications > 0) this.hooks.metrics?.applied.inc(applications);
    this.waiter.reached(position);
    if (list) this.hooks.onListChanges?.(list);
  }

  private end(error: Error): void {
    this.waiter.end(error);
    if (!this.stopping) this.hooks.onUnexpectedExit?.(error);
  }
}
