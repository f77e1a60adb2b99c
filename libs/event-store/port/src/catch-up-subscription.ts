import type { RecordedEvent, Subscription, SubscriptionMessage } from './types';

/**
 * A counter bumped on every commit. Readers note the count before reading, then wait until it moves, so a
 * commit that lands between "read found nothing new" and "start waiting" is never missed.
 */
export class CommitSignal {
  private count = 0;
  private readonly waiters = new Set<() => void>();

  get current(): number {
    return this.count;
  }

  notify(): void {
    this.count += 1;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves once a commit happened after `seen` was read, or when `abort` fires. */
  changedSince(seen: number, abort: AbortSignal): Promise<void> {
    if (this.count !== seen || abort.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        this.waiters.delete(wake);
        abort.removeEventListener('abort', wake);
        resolve();
      };
      this.waiters.add(wake);
      abort.addEventListener('abort', wake, { once: true });
    });
  }
}

/** What a pull-based adapter (memory, SQLite) offers a subscription. Cursors are positions or revisions. */
export interface CatchUpSource {
  /** Up to `limit` events strictly after `after` (null: from the beginning), in ascending order. */
  readAfter(
    after: bigint | null,
    limit: number,
  ): Promise<readonly RecordedEvent[]> | readonly RecordedEvent[];
  cursorOf(event: RecordedEvent): bigint;
  readonly signal: CommitSignal;
}

export interface CatchUpOptions {
  /** Exclusive cursor to start after; null starts at the beginning. Resolve 'end' before subscribing. */
  readonly after: bigint | null;
  readonly accept?: (event: RecordedEvent) => boolean;
  readonly pageSize?: number;
  readonly onClose?: () => void;
}

/**
 * Catch-up then live, by re-reading after the last cursor on every commit: events arrive in cursor order,
 * with no gap (nothing is skipped past the cursor) and no duplicate (the cursor only moves forwards).
 */
export class CatchUpSubscription implements Subscription {
  private readonly abort = new AbortController();
  private readonly iterator: AsyncGenerator<SubscriptionMessage>;

  constructor(
    private readonly source: CatchUpSource,
    private readonly options: CatchUpOptions,
  ) {
    this.iterator = this.run();
  }

  [Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
    return this.iterator;
  }

  async close(): Promise<void> {
    if (this.abort.signal.aborted) return;
    this.abort.abort();
    this.options.onClose?.();
  }

  private async *run(): AsyncGenerator<SubscriptionMessage> {
    try {
      yield* this.loop();
    } finally {
      await this.close();
    }
  }

  private async *loop(): AsyncGenerator<SubscriptionMessage> {
    const { source } = this;
    const pageSize = this.options.pageSize ?? 500;
    const accept = this.options.accept ?? (() => true);
    let cursor = this.options.after;
    let caughtUp = false;
    while (!this.abort.signal.aborted) {
      const seen = source.signal.current;
      const page = await source.readAfter(cursor, pageSize);
      for (const event of page) {
        if (this.abort.signal.aborted) return;
        cursor = source.cursorOf(event);
        if (accept(event)) yield { kind: 'event', event };
      }
      if (page.length >= pageSize) continue;
      if (!caughtUp) {
        caughtUp = true;
        yield { kind: 'caught-up', position: cursor };
      }
      await source.signal.changedSince(seen, this.abort.signal);
    }
  }
}
