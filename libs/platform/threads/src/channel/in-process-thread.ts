import { EventEmitter } from 'node:events';
import type { ThreadHandle, ThreadPort } from './ports';

/**
 * A "thread" that runs in the calling thread: `serve` gets a port as a worker gets its parentPort, and this object
 * stands for the Worker. Messages are handed over at the end of the current JavaScript run, uncloned. For
 * measuring what a thread buys (the same code on the main thread) and for code that must not start threads.
 * A handler that throws ends it as an uncaught exception ends a worker: `error`, then `exit` with code 1.
 */
export class InProcessThread extends EventEmitter implements ThreadHandle {
  private readonly port: InProcessPort;
  private ended = false;

  constructor(serve: (port: ThreadPort) => void) {
    super();
    // What the thread posted before it closed its port still arrives, as a worker's last messages do.
    this.port = new InProcessPort(
      (value) => queueMicrotask(() => this.emit('message', value)),
      () => this.end(0),
    );
    this.inThread(() => serve(this.port));
  }

  postMessage(value: unknown): void {
    this.inThread(() => this.port.receive(value));
  }

  async terminate(): Promise<number> {
    this.end(1);
    return 1;
  }

  unref(): void {
    // Nothing of its own holds the event loop.
  }

  /** Runs `job` as the thread's, at the end of the current run, unless the thread has ended by then. */
  private inThread(job: () => void): void {
    queueMicrotask(() => {
      if (this.ended) return;
      try {
        job();
      } catch (error) {
        this.emit('error', error instanceof Error ? error : new Error(String(error)));
        this.end(1);
      }
    });
  }

  private end(code: number): void {
    if (this.ended) return;
    this.ended = true;
    this.port.closed = true;
    queueMicrotask(() => this.emit('exit', code));
  }
}

class InProcessPort implements ThreadPort {
  private readonly listeners: ((value: unknown) => void)[] = [];
  closed = false;

  constructor(
    private readonly toHost: (value: unknown) => void,
    private readonly onClose: () => void,
  ) {}

  postMessage(value: unknown): void {
    if (!this.closed) this.toHost(value);
  }

  on(_event: 'message', listener: (value: unknown) => void): this {
    this.listeners.push(listener);
    return this;
  }

  close(): void {
    if (!this.closed) this.onClose();
  }

  receive(value: unknown): void {
    for (const listener of this.listeners) listener(value);
  }
}
