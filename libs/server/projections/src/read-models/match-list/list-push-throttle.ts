/** How a throttle waits: a timer it can cancel (setTimeout in the API, a fake one in tests). */
export interface ThrottleClock {
  now(): number;
  after(ms: number, run: () => void): () => void;
}

export const realClock: ThrottleClock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * One subscriber's pushes of one list: the first change after a quiet `intervalMs` goes at once; changes within
 * `intervalMs` of the last push wait and go together at its end, each key once with its newest value. So a
 * subscriber gets at most one push per `intervalMs`, never an empty one, and every change within `intervalMs`.
 */
export class ListPushThrottle<K, V> {
  private pending = new Map<K, V>();
  private lastPush = Number.NEGATIVE_INFINITY;
  private cancel: (() => void) | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly push: (values: V[]) => void,
    private readonly clock: ThrottleClock = realClock,
  ) {}

  offer(key: K, value: V): void {
    this.pending.delete(key);
    this.pending.set(key, value);
    if (this.cancel) return;
    const wait = this.lastPush + this.intervalMs - this.clock.now();
    if (wait <= 0) this.flush();
    else this.cancel = this.clock.after(wait, () => this.flush());
  }

  /** Nothing more is pushed (the subscriber left). */
  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.pending.clear();
  }

  private flush(): void {
    this.cancel = null;
    if (this.pending.size === 0) return;
    const values = [...this.pending.values()];
    this.pending = new Map();
    this.lastPush = this.clock.now();
    this.push(values);
  }
}
