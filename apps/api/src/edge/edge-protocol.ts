import type { IncomingHttpHeaders } from 'node:http';

/** What the edge thread tells the main thread (ADR 0036). Every message of one JavaScript run goes in one post. */
export type FromEdge =
  /** A plain JSON POST to /graphql, read whole: `received` on the clock both threads share (ms). */
  | { readonly k: 'http'; readonly id: number; readonly body: string; readonly headers: IncomingHttpHeaders; readonly ip: string | undefined; readonly received: number }
  | { readonly k: 'open'; readonly sid: number; readonly protocol: string; readonly ip: string | undefined; readonly headers: IncomingHttpHeaders }
  | { readonly k: 'message'; readonly sid: number; readonly text: string }
  | { readonly k: 'closed'; readonly sid: number; readonly code: number; readonly reason: string }
  | { readonly k: 'warn'; readonly fields: Record<string, unknown>; readonly message: string };

/** What the main thread tells the edge thread. */
export type ToEdge =
  | { readonly k: 'answer'; readonly id: number; readonly status: number; readonly headers: ReadonlyArray<readonly [string, string]>; readonly body: string }
  | { readonly k: 'send'; readonly sid: number; readonly text: string }
  | { readonly k: 'close'; readonly sid: number; readonly code: number; readonly reason: string };

/** Control messages, posted on their own (never batched). */
export type EdgeControl = { readonly k: 'listening'; readonly port: number } | { readonly k: 'failed'; readonly message: string } | { readonly k: 'stopped' };
export type EdgeCommand = { readonly k: 'stop-listening' } | { readonly k: 'shutdown' };

/** The edge thread's settings (its workerData). */
export interface EdgeSettings {
  readonly host: string;
  readonly port: number;
  readonly backlog: number;
  /** Where the main thread's own HTTP server (Express: health, metrics, Apollo's other routes) listens on loopback. */
  readonly internalPort: number;
  readonly path: string;
  readonly maxBodyBytes: number;
  readonly keepAliveMs: number;
}

/**
 * Collects the messages one JavaScript run produces and posts them as one array when the run ends: a posted message
 * costs about a microsecond whatever it holds, a socket write tens of them (ADR 0036). Order is kept.
 */
export class Outbox<T> {
  private batch: T[] | null = null;

  constructor(private readonly post: (batch: T[]) => void) {}

  push(message: T): void {
    if (this.batch) {
      this.batch.push(message);
      return;
    }
    this.batch = [message];
    queueMicrotask(() => this.flush());
  }

  /** Posts what is waiting now (a shutdown posts its last answers before it stops). */
  flush(): void {
    const batch = this.batch;
    this.batch = null;
    if (batch) this.post(batch);
  }
}
