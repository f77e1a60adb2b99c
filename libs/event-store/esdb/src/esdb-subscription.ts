import { UnavailableError, type AllStreamResolvedEvent, type ResolvedEvent } from '@eventstore/db-client';
import type { RecordedEvent, Subscription, SubscriptionMessage } from '@liars-dice/event-store-port';
import { isTransient, toPortError } from './esdb-errors';

type Resolved = ResolvedEvent | AllStreamResolvedEvent;

/** The client's catch-up subscription, as far as this adapter uses it (a paused object-mode Readable). */
export interface ClientSubscription {
  read(): unknown;
  on(event: 'readable' | 'caughtUp' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  unsubscribe(): Promise<void>;
}

/** Where to (re)start: strictly after the cursor, or from the very beginning when it is null. */
export interface SubscriptionSource {
  open(after: bigint | null, onCheckpoint: (cursor: bigint) => void): ClientSubscription;
  /** Position (for `$all`) or revision (for a stream) of a record, filtered out or not. */
  cursorOf(resolved: Resolved): bigint | undefined;
  /** The port event to deliver, or null for records the caller did not ask for. */
  toEvent(resolved: Resolved): RecordedEvent | null;
}

export interface ResubscribeOptions {
  /** First delay after the node went away; doubles up to `maxDelayMs`. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Give up (the iterator throws EventStoreUnavailableError) after this many failed attempts in a row. */
  readonly maxAttempts?: number;
}

const HIGH_WATER = 512;

/**
 * Catch-up then live over EventStoreDB's subscription, with the port's guarantees kept across a node
 * failure: on UnavailableError it resubscribes strictly after the last cursor it saw (event or server
 * checkpoint), so nothing is skipped and nothing repeats, and `caught-up` is still announced only once.
 *
 * The client reports "caught up" and checkpoints as stream events while earlier records may still sit in
 * its buffer; draining that buffer first keeps every message in server order.
 */
export class EsdbSubscription implements Subscription {
  private readonly queue: SubscriptionMessage[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;
  private closed = false;
  private announcedCaughtUp = false;
  private cursor: bigint | null = null;
  private current: ClientSubscription | null = null;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly iterator: AsyncGenerator<SubscriptionMessage>;

  /** `start` resolves to the cursor to start after (null: from the very beginning). */
  constructor(
    start: Promise<bigint | null>,
    private readonly source: SubscriptionSource,
    private readonly retry: ResubscribeOptions = {},
    private readonly onClose: () => void = () => undefined,
  ) {
    this.iterator = this.run();
    start.then(
      (cursor) => {
        this.cursor = cursor;
        this.connect();
      },
      (error: unknown) => this.fail(error),
    );
  }

  [Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
    return this.iterator;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.notify();
    this.onClose();
    const current = this.current;
    this.current = null;
    await current?.unsubscribe().catch(() => undefined);
  }

  private async *run(): AsyncGenerator<SubscriptionMessage> {
    try {
      for (;;) {
        if (this.closed) return;
        const next = this.take();
        if (next) {
          yield next;
          continue;
        }
        if (this.failure) throw this.failure;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      await this.close();
    }
  }

  /** The next message; below half the high-water mark, the client's buffer is read again (back-pressure). */
  private take(): SubscriptionMessage | undefined {
    const next = this.queue.shift();
    if (next && this.queue.length < HIGH_WATER / 2) this.drain(this.current, false);
    return next;
  }

  private connect(): void {
    if (this.closed) return;
    let subscription: ClientSubscription;
    try {
      subscription = this.source.open(this.cursor, (cursor) => this.onCheckpoint(subscription, cursor));
    } catch (error) {
      this.fail(error);
      return;
    }
    this.current = subscription;
    subscription.on('readable', () => this.drain(subscription, false));
    subscription.on('caughtUp', () => this.onCaughtUp(subscription));
    subscription.on('error', (error) => this.onError(subscription, error));
    // A subscription never ends on its own: if the server closes it cleanly anyway, come back like after a failure.
    subscription.on('end', () =>
      this.onError(subscription, new UnavailableError(undefined, 'the subscription ended')),
    );
  }

  private drain(subscription: ClientSubscription | null, force: boolean): void {
    if (!subscription || subscription !== this.current) return;
    while (force || this.queue.length < HIGH_WATER) {
      const resolved = subscription.read() as Resolved | null;
      if (resolved === null) break;
      this.onRecord(resolved);
    }
  }

  private onRecord(resolved: Resolved): void {
    const cursor = this.source.cursorOf(resolved);
    // After a resubscription the server starts strictly after the cursor; this guard only costs a compare.
    if (cursor !== undefined && this.cursor !== null && cursor <= this.cursor) return;
    if (cursor !== undefined) this.cursor = cursor;
    this.attempts = 0;
    const event = this.source.toEvent(resolved);
    if (event) this.push({ kind: 'event', event });
  }

  private onCaughtUp(subscription: ClientSubscription): void {
    if (subscription !== this.current) return;
    this.drain(subscription, true);
    this.attempts = 0;
    if (this.announcedCaughtUp) return;
    this.announcedCaughtUp = true;
    this.push({ kind: 'caught-up', position: this.cursor });
  }

  private onCheckpoint(subscription: ClientSubscription, cursor: bigint): void {
    if (subscription !== this.current) return;
    this.drain(subscription, true);
    if (this.cursor === null || cursor > this.cursor) this.cursor = cursor;
  }

  private onError(subscription: ClientSubscription, error: unknown): void {
    if (subscription !== this.current || this.closed) return;
    this.current = null;
    const { initialDelayMs = 100, maxDelayMs = 5_000, maxAttempts = Number.POSITIVE_INFINITY } = this.retry;
    if (!isTransient(error) || this.attempts >= maxAttempts) {
      this.fail(error);
      return;
    }
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private fail(error: unknown): void {
    this.failure = toPortError(error);
    this.notify();
  }

  private push(message: SubscriptionMessage): void {
    this.queue.push(message);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
