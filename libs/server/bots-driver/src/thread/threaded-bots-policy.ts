import type { Worker } from 'node:worker_threads';
import { hasCompiledWorker, startWorker, ThreadClient } from '@liars-dice/platform-threads';
import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Difficulty } from '@liars-dice/game-match';
import type { CpuPolicy } from '../cpu-policy';
import { type BotsProtocol, decodeAction, encodeDecision, HistoryJson } from './protocol';

/**
 * A young generation of 48 MiB (16 MiB semi-spaces, V8's default): the decisions' garbage is
 * small and short-lived. An old generation of at most 80 MiB: the thread keeps only its bounded caches between
 * requests, and V8 sets the next full collection never past halfway from the live data to this bound
 * (`--heap-growing-percent`, apps/api/node-flags.cjs), so the heap reaches its working size early instead of
 * creeping (ADR 0024). A thread that ran out would fail its decisions in flight, which are retried on a new thread.
 */
const LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 80 };

/**
 * The CPU levels of libs/game/bots run in a worker thread (docs/adr/0019): the API thread only builds the
 * seat's view and legal moves and reads back the move. Decisions asked in one event-loop turn travel as one
 * message (CPU turns come in bursts: under load several think-time timers expire in each turn). A thread that
 * fails rejects the decisions it held, so the driver logs and retries them, and the next decision starts a
 * new thread; it is stateless, so nothing else is lost.
 */
export class ThreadedBotsPolicy implements CpuPolicy {
  private client: ThreadClient<BotsProtocol> | null = null;
  private worker: Worker | null = null;
  private nextId = 1;
  private closed = false;
  private readonly histories = new HistoryJson();

  constructor(private readonly spawn: () => Worker) {}

  /** The policy on the compiled worker, or null when there is none (running from TypeScript sources: Jest). */
  static compiled(): ThreadedBotsPolicy | null {
    return hasCompiledWorker(__filename, 'bots.worker') ? new ThreadedBotsPolicy(() => startWorker(__filename, 'bots.worker', { resourceLimits: LIMITS })) : null;
  }

  /** The policy on a thread that compiles the worker's TypeScript sources itself (tests of the thread). */
  static fromSources(): ThreadedBotsPolicy {
    const source = __filename.replace(/\.js$/, '.ts');
    return new ThreadedBotsPolicy(() => startWorker(source, 'bots.worker'));
  }

  async choose(difficulty: Difficulty, view: PlayerView, legal: readonly Action[], seed: string): Promise<Action> {
    if (this.closed) throw new Error('the CPU-seat thread is closed');
    const request = encodeDecision(this.nextId++, { difficulty, view, legal, seed }, this.histories);
    // Posted once per event-loop turn, in its check phase: every think-time timer that expired in
    // the turn's timers phase, and every decision asked in its poll phase, travels in one message. A message costs
    // both threads more than a decision's bytes; a CPU seat thinks for BOT_THINK_MS anyway, so waiting for the
    // rest of the turn (not for another turn) changes no deadline.
    return decodeAction(await this.thread().request('decide', request));
  }

  /** Rejects what is still waiting and stops the thread. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.client?.close(new Error('the CPU-seat thread is closed'));
    this.client = null;
    this.worker = null;
    await worker?.terminate();
  }

  private thread(): ThreadClient<BotsProtocol> {
    if (this.client) return this.client;
    const worker = this.spawn();
    // An idle thread must not keep a process alive that has nothing else to do (a CLI run that forgot to close).
    worker.unref();
    const client = new ThreadClient<BotsProtocol>(worker, {
      gone: (cause) => new Error('error' in cause ? `the CPU-seat thread failed: ${cause.error.message}` : `the CPU-seat thread stopped (exit code ${cause.exitCode})`),
      // The next decision starts a new thread; this one's decisions in flight were rejected (the driver retries).
      onGone: () => this.forget(client),
      failed: ({ name, message }) => new Error(`the CPU policy failed: ${name}: ${message}`),
    });
    this.client = client;
    this.worker = worker;
    return client;
  }

  private forget(client: ThreadClient<BotsProtocol>): void {
    if (this.client !== client) return;
    this.client = null;
    this.worker = null;
  }
}
