interface Waiter {
  readonly position: bigint;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Promises on the projections' progress, for whoever feeds them (the runner in this thread, or the API's end
 * of the projections thread): resolved once the initial catch-up is done, or once every running projection
 * has applied the event at a position; rejected (never left hanging) when the feed is gone.
 */
export class AppliedWaiter {
  private applied: bigint | null = null;
  private caughtUp = false;
  private gone: Error | null = null;
  private waiters: Waiter[] = [];
  private caughtUpWaiters: (() => void)[] = [];

  get isCaughtUp(): boolean {
    return this.caughtUp;
  }

  whenCaughtUp(): Promise<void> {
    return this.caughtUp || this.gone ? Promise.resolve() : new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  whenApplied(position: bigint): Promise<void> {
    if (this.applied !== null && this.applied >= position) return Promise.resolve();
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => this.waiters.push({ position, resolve, reject }));
  }

  /** Every running projection has applied everything up to `position` (positions only grow). */
  reached(position: bigint): void {
    this.applied = position;
    const due = this.waiters.filter((w) => w.position <= position);
    if (due.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of due) waiter.resolve();
  }

  markCaughtUp(): void {
    this.caughtUp = true;
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  /** The feed stopped for good: pending and later `whenApplied` calls fail with `error`. */
  end(error: Error): void {
    this.gone = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    this.markCaughtUp();
  }
}
