import { filterKeeps } from './filter';
import { toRecordedEvent, type StoredJsonEvent } from './recorded-event';
import type { EventFilter, Subscription, SubscriptionMessage } from './types';

/**
 * A counter bumped on every commit. Readers note the count before reading, then wait until it moves, so a
 * commit that lands between "read found nothing new" and "start waiting" is never missed.
 */
export class CommitSignal {
  private count = 0;
  /** Who waits, and the abort signal that also wakes each. */
  private readonly waiters = new Map<() => void, AbortSignal>();
  /**
   * Abort signals already listened to. One listener per signal for its whole life, not one added and removed
   * per wait: every live subscription waits once per commit, and EventTarget listeners cost far more than a
   * map entry.
   */
  private readonly watched = new WeakSet<AbortSignal>();

  get current(): number {
    return this.count;
  }

  notify(): void {
    this.count += 1;
    const waiters = [...this.waiters.keys()];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves once a commit happened after `seen` was read, or when `abort` fires. */
  changedSince(seen: number, abort: AbortSignal): Promise<void> {
    if (this.count !== seen || abort.aborted) return Promise.resolve();
    if (!this.watched.has(abort)) {
      this.watched.add(abort);
      abort.addEventListener('abort', () => this.release(abort), { once: true });
    }
    return new Promise((resolve) => this.waiters.set(resolve, abort));
  }

  private release(abort: AbortSignal): void {
    for (const [wake, of] of this.waiters) {
      if (of !== abort) continue;
      this.waiters.delete(wake);
      wake();
    }
  }
}

type Rows = readonly StoredJsonEvent[];

/**
 * What a pull-based adapter (memory, SQLite) offers a subscription: its stored rows, parsed into events only
 * once a subscription's filter keeps them. Cursors are positions or revisions.
 */
export interface CatchUpSource {
  /** Up to `limit` events strictly after `after` (null: from the beginning), in ascending order. */
  readAfter(after: bigint | null, limit: number): Promise<Rows> | Rows;
  /**
   * Once caught up: the same answer from what the adapter already holds in memory (the events its own appends
   * just committed), or null when it cannot vouch for every event after `after` (then `readAfter` reads).
   */
  readLive?(after: bigint | null, limit: number): Rows | null;
  cursorOf(event: StoredJsonEvent): bigint;
  readonly signal: CommitSignal;
}

export interface CatchUpOptions {
  /** Exclusive cursor to start after; null starts at the beginning. Resolve 'end' before subscribing. */
  readonly after: bigint | null;
  /** Events the filter drops still move the cursor (and the caught-up position), unparsed. */
  readonly filter?: EventFilter;
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

  /**
   * One generator, not a `finally` wrapped around an inner generator with `yield*`: each delegation costs a
   * promise and a result object per event, and every event a subscription keeps passes here (ADR 0028).
   */
  private async *run(): AsyncGenerator<SubscriptionMessage> {
    const { source } = this;
    const { pageSize = 500 } = this.options;
    let cursor = this.options.after;
    let caughtUp = false;
    try {
      while (!this.abort.signal.aborted) {
        const seen = source.signal.current;
        // The catch-up always reads the store: it must include what was committed before subscribing.
        const page = (caughtUp ? source.readLive?.(cursor, pageSize) : null) ?? (await source.readAfter(cursor, pageSize));
        for (let at = this.nextKept(page, 0); at < page.length; at = this.nextKept(page, at + 1)) {
          const row = page[at] as StoredJsonEvent;
          cursor = source.cursorOf(row);
          yield { kind: 'event', event: toRecordedEvent(row) };
        }
        if (this.abort.signal.aborted) return;
        // Rows the filter dropped move the cursor too.
        const last = page.at(-1);
        if (last) cursor = source.cursorOf(last);
        if (page.length >= pageSize) continue;
        if (!caughtUp) {
          caughtUp = true;
          yield { kind: 'caught-up', position: cursor };
        }
        await source.signal.changedSince(seen, this.abort.signal);
      }
    } finally {
      await this.close();
    }
  }

  /** The index of the first row from `from` on that the filter keeps; the page's length if none, or once closed. */
  private nextKept(page: Rows, from: number): number {
    const { filter } = this.options;
    for (let at = from; at < page.length; at++) {
      if (this.abort.signal.aborted) return page.length;
      const row = page[at] as StoredJsonEvent;
      if (filterKeeps(filter, row.stream, row.type)) return at;
    }
    return page.length;
  }
}
