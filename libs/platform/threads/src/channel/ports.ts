import type { EventEmitter } from 'node:events';

/** The host's handle on a thread: a Worker, or an InProcessThread (`message`, `error` and `exit` events). */
export interface ThreadHandle extends EventEmitter {
  postMessage(value: unknown): void;
  terminate(): Promise<number>;
  unref(): void;
}

/** The thread's end: a worker's parentPort, or an InProcessThread's port. */
export interface ThreadPort {
  postMessage(value: unknown): void;
  on(event: 'message', listener: (value: unknown) => void): unknown;
  close(): void;
}
