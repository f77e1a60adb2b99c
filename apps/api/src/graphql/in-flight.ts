/** Ends one request's turn: idempotent, so every way a request can end may call it. */
export type Release = () => void;

interface Lane {
  running: number;
  readonly waiting: Array<(release: Release) => void>;
}

/**
 * Requests in flight per caller (MAX_IN_FLIGHT_PER_CALLER; 0 = off): at most `max` of one caller's run at once,
 * as many more wait their turn in order, and one past that is refused. One client can then keep at most `max`
 * pieces of work on the main thread however many connections it opens; bursts of a page's queries wait briefly.
 */
export class InFlight {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly max: number) {}

  /** A release once the caller's request may run, or null when it already has `max` running and `max` waiting. */
  enter(key: string): Promise<Release | null> | Release {
    if (this.max === 0) return () => undefined;
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running < this.max) {
      lane.running += 1;
      return this.releaseOf(key, lane);
    }
    if (lane.waiting.length >= this.max) return Promise.resolve(null);
    const queued = lane;
    return new Promise((resolve) => queued.waiting.push(resolve));
  }

  /** Requests of `key` running and waiting now. */
  held(key: string): { readonly running: number; readonly waiting: number } {
    const lane = this.lanes.get(key);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  private releaseOf(key: string, lane: Lane): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lane.waiting.shift();
      // The place passes straight to the next in line; the lane goes with its last request.
      if (next) next(this.releaseOf(key, lane));
      else if (--lane.running === 0) this.lanes.delete(key);
    };
  }
}
