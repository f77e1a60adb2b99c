import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';

/** Lines that arrive together travel as one task, up to this many (a task costs a message each way). */
const BATCH_LINES = 64;

/**
 * Rules on ndjson lines on a piscina pool of one thread per core (at most 4), answering strictly in input order.
 * Lines that arrive together travel as one task; a lone line is sent at once, so an interactive caller gets
 * each answer as soon as it is ready.
 */
export class NdjsonPool {
  private readonly pool: Piscina<readonly string[], string[]>;
  private pending: string[] = [];
  private scheduled = false;
  /** Every task's answers written, in the order the tasks were sent; never rejects (a failure is kept). */
  private written: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly write: (text: string) => void,
    size = Math.max(1, Math.min(availableParallelism(), 4)),
  ) {
    this.pool = new Piscina({ filename: join(__dirname, 'ndjson-worker.js'), minThreads: size, maxThreads: size });
  }

  push(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= BATCH_LINES) this.dispatch();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.dispatch());
    }
  }

  /** Resolves once every line pushed so far has been answered and written; rejects with the pool's failure. */
  async finish(): Promise<void> {
    this.dispatch();
    await this.written;
    await this.pool.destroy();
    if (this.failure) throw this.failure;
  }

  private dispatch(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const answers = this.pool.run(this.pending);
    this.pending = [];
    // Handled at once: a task that fails while earlier ones are still being written is not an unhandled rejection.
    answers.catch(() => undefined);
    this.written = this.written
      .then(() => answers)
      .then(
        (outputs) => {
          if (!this.failure) this.write(`${outputs.join('\n')}\n`);
        },
        (error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        },
      );
  }
}
