import type { EventStore, RecordedEvent, Subscription } from './types';

export interface AllFollowerOptions {
  /** The streams followed: those whose name starts with one of these. */
  readonly streamPrefixes: readonly string[];
  /** Where following first starts: every stored event ('start') or only those appended from now on ('end'). */
  readonly from: 'start' | 'end';
  /** The pause before following again after consecutive failure number `attempt` (0-based; reset once caught up). */
  readonly retryPause: (attempt: number) => number;
  /** Aborting it stops the follower, as stop() does. */
  readonly signal?: AbortSignal;
}

export interface AllFollowerHandlers {
  /** Each event of the followed streams, once, in `$all` order; a returned promise is awaited before the next. */
  event(event: RecordedEvent): void | Promise<void>;
  /** Every event stored when (re)subscribing has been delivered: what follows is live. */
  caughtUp?(): void;
  /**
   * Following failed (the store, or `event` threw): `retryInMs` is when it follows again, after the last event
   * delivered; null when the follower was stopped meanwhile and will not.
   */
  failed?(error: unknown, retryInMs: number | null): void;
}

/**
 * Follows `$all` filtered by stream prefix, for a process's caches of other replicas' writes (accounts, the
 * match catalog, sanctions): a catch-up subscription that reports when it is live, and that, when it fails,
 * backs off and subscribes again after the last event it delivered (or the last caught-up's cursor), so nothing
 * is skipped and nothing delivered twice. An event whose handler threw is delivered again on the next attempt.
 */
export class AllFollower {
  private subscription: Subscription | null = null;
  private lastPosition: bigint | null = null;
  /**
   * Where to subscribe again: after the last event delivered or the cursor of the last caught-up (which passes
   * the events the filter drops), whichever is later; 'start' when the store was empty at a caught-up (a null
   * cursor: nothing read), so events appended since are not skipped; null before either (the first subscription's
   * `from`). Resuming from 'end' after a failure would skip what was appended while it was down.
   */
  private resumeFrom: bigint | 'start' | null = null;
  private isLive = false;
  private stopped = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly options: AllFollowerOptions,
    private readonly handlers: AllFollowerHandlers,
  ) {
    options.signal?.addEventListener('abort', () => void this.stop(), { once: true });
  }

  /** The position of the last event delivered (null before the first): where following resumes. */
  get position(): bigint | null {
    return this.lastPosition;
  }

  /** Caught up and following, from the first caught-up until a failure or stop. */
  get live(): boolean {
    return this.isLive;
  }

  /** Subscribes (once; a failure subscribes again by itself). */
  start(): void {
    if (this.stopped || this.subscription || this.options.signal?.aborted) return;
    const resume = this.resumeFrom;
    const from = resume === null ? this.options.from : resume === 'start' ? 'start' : { position: resume };
    const subscription = this.store.subscribeToAll({ from, filter: { streamPrefixes: this.options.streamPrefixes } });
    this.subscription = subscription;
    void this.run(subscription);
  }

  /** Ends following for good: the subscription is closed, a pending retry cancelled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.isLive = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.subscription?.close();
  }

  private async run(subscription: Subscription): Promise<void> {
    try {
      for await (const message of subscription) {
        if (this.stopped) return;
        if (message.kind === 'caught-up') {
          this.resumeFrom = message.position ?? this.resumeFrom ?? 'start';
          this.isLive = true;
          this.failures = 0;
          this.handlers.caughtUp?.();
          continue;
        }
        const handled = this.handlers.event(message.event);
        // Awaited only when it is a promise: most handlers fold synchronously, and this runs for every event.
        if (handled) await handled;
        this.lastPosition = message.event.position;
        this.resumeFrom = message.event.position;
      }
    } catch (error) {
      this.failed(subscription, error);
    }
  }

  private failed(subscription: Subscription, error: unknown): void {
    this.isLive = false;
    this.subscription = null;
    // Released, whatever state it failed in; following goes on with a new one.
    void Promise.resolve().then(() => subscription.close()).catch(() => undefined);
    if (this.stopped) return this.handlers.failed?.(error, null);
    const pause = this.options.retryPause(this.failures++);
    this.handlers.failed?.(error, pause);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start();
    }, pause);
    this.retry.unref();
  }
}
