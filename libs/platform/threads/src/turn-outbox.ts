/** How a `TurnOutbox` batches. */
export interface TurnOutboxOptions<T> {
  /** Adds one message to the batch (a flat encoding, say); by default the message itself is appended. */
  readonly encode?: (message: T, into: unknown[]) => void;
  /** A batch this many messages long is posted at once rather than at the turn's end (it bounds a message's wait). */
  readonly maxMessages?: number;
  /**
   * Asked when a batch starts: true posts it when the current JavaScript run ends (its microtasks done) instead of
   * at the turn's end — for a receiver that is idle now and would otherwise wait for this thread's whole turn.
   */
  readonly eager?: () => boolean;
}

const appendIt = (message: unknown, into: unknown[]): void => void into.push(message);

/**
 * Collects the messages for another thread and posts them as one batch once per event-loop turn (setImmediate: after
 * the poll phase that produced them), not once per JavaScript run. A `postMessage` costs the posting thread about
 * the same whatever it holds (the clone's set-up and waking the receiver, ADR 0069), and in a busy poll phase
 * each socket's data, each worker's message, is its own run with only a message or two to post.
 * Messages keep their order; `flush` posts what waits at once (a shutdown's last answers).
 */
export class TurnOutbox<T> {
  private batch: unknown[] | null = null;
  private count = 0;
  private turnEndPending = false;
  private runEndPending = false;
  private readonly encode: (message: T, into: unknown[]) => void;
  private readonly maxMessages: number;
  private readonly eager: (() => boolean) | undefined;
  private readonly atTurnEnd = (): void => {
    this.turnEndPending = false;
    this.flush();
  };
  private readonly atRunEnd = (): void => {
    this.runEndPending = false;
    this.flush();
  };

  constructor(
    private readonly post: (batch: unknown[]) => void,
    options: TurnOutboxOptions<T> = {},
  ) {
    this.encode = options.encode ?? appendIt;
    this.maxMessages = options.maxMessages ?? Infinity;
    this.eager = options.eager;
  }

  push(message: T): void {
    if (!this.batch) this.start();
    this.encode(message, this.batch as unknown[]);
    if (++this.count >= this.maxMessages) this.flush();
  }

  /** Posts what is waiting now. */
  flush(): void {
    const batch = this.batch;
    this.batch = null;
    this.count = 0;
    if (batch) this.post(batch);
  }

  /** Posts what is waiting when the current JavaScript run ends (the receiver has just become idle). */
  flushSoon(): void {
    if (this.batch) this.soon();
  }

  private start(): void {
    this.batch = [];
    if (this.eager?.()) this.soon();
    else if (!this.turnEndPending) {
      // One pending immediate serves every batch until it runs: a batch flushed early leaves it to the next one.
      this.turnEndPending = true;
      setImmediate(this.atTurnEnd);
    }
  }

  private soon(): void {
    if (this.runEndPending) return;
    this.runEndPending = true;
    queueMicrotask(this.atRunEnd);
  }
}
