import { performance } from 'node:perf_hooks';

/** graphql-ws's default time for a socket's `connection_init` (its `connectionInitWaitTimeout`). */
export const CONNECTION_INIT_WAIT_MS = 3_000;

/**
 * The `connection_init` deadline of every websocket not yet initialised, with one timer for all of them (ADR 0054).
 * graphql-ws's own deadline is a timer per socket, kept (fired or not) for the socket's whole life. Every socket
 * waits the same time, so opening order is deadline order: the timer is set for the oldest deadline and, when it
 * fires, expires every socket now due and is set again for the next. No socket waiting means no timer at all.
 */
export class InitDeadlines<K> {
  /** Each waiting socket's deadline (performance.now() ms), in opening order. */
  private readonly waiting = new Map<K, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly waitMs: number,
    private readonly expire: (key: K) => void,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** A socket opened: it has `waitMs` to initialise. */
  opened(key: K): void {
    if (!(this.waitMs > 0 && Number.isFinite(this.waitMs))) return;
    this.waiting.set(key, performance.now() + this.waitMs);
    if (!this.timer) this.arm();
  }

  /** It initialised, or it closed: no deadline. */
  settled(key: K): void {
    this.waiting.delete(key);
    if (this.waiting.size === 0) this.disarm();
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    const next = this.waiting.values().next();
    if (next.done) return;
    // A deadline can only be later than the one before it, so the earliest is first.
    this.timer = setTimeout(() => this.sweep(), Math.max(0, next.value - performance.now()));
  }

  private sweep(): void {
    this.timer = null;
    const now = performance.now();
    for (const [key, deadline] of this.waiting) {
      if (deadline > now) break;
      this.waiting.delete(key);
      this.expire(key);
    }
    this.arm();
  }
}
