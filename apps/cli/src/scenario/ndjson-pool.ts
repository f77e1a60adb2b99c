import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

interface Batch {
  readonly first: number;
  readonly outputs: string[];
}

/**
 * Rules on ndjson lines with one worker per core, answering strictly in input order. Lines that arrive
 * together travel as one batch; a lone line is sent at once, so an interactive caller gets each answer as
 * soon as it is ready.
 */
export class NdjsonPool {
  private readonly workers: Worker[];
  private readonly done = new Map<number, string[]>();
  private pending: string[] = [];
  private nextLine = 0;
  private nextToWrite = 0;
  private turn = 0;
  private scheduled = false;
  private failure: Error | null = null;
  /** Set by `finish` while it waits for the last answers (or a failure). */
  private drained: (() => void) | null = null;

  constructor(
    private readonly write: (text: string) => void,
    size = Math.max(1, Math.min(availableParallelism(), 4)),
  ) {
    this.workers = Array.from({ length: size }, () => this.startWorker());
  }

  push(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= 64) this.dispatch();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.dispatch());
    }
  }

  /** Resolves once every line pushed so far has been answered and written. */
  async finish(): Promise<void> {
    this.dispatch();
    if (this.nextToWrite < this.nextLine && !this.failure) await new Promise<void>((resolve) => (this.drained = resolve));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    if (this.failure) throw this.failure;
  }

  private startWorker(): Worker {
    const worker = new Worker(join(__dirname, 'ndjson-worker.js'));
    worker.on('message', (batch: Batch) => this.receive(batch));
    worker.on('error', (error) => {
      this.failure = error;
      this.drained?.();
    });
    return worker;
  }

  private dispatch(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    const worker = this.workers[this.turn++ % this.workers.length] as Worker;
    worker.postMessage({ first: this.nextLine, lines });
    this.nextLine += lines.length;
  }

  private receive(batch: Batch): void {
    this.done.set(batch.first, batch.outputs);
    let ready = '';
    for (let outputs = this.done.get(this.nextToWrite); outputs; outputs = this.done.get(this.nextToWrite)) {
      this.done.delete(this.nextToWrite);
      this.nextToWrite += outputs.length;
      ready += `${outputs.join('\n')}\n`;
    }
    if (ready) this.write(ready);
    if (this.nextToWrite === this.nextLine) this.drained?.();
  }
}
