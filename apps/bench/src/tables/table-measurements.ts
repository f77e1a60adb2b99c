import { performance } from 'node:perf_hooks';
import { Measurements } from '../measurements';

export type Transport = 'http' | 'ws';

/**
 * The bench's measurements plus what the tables simulation adds: a measuring window (after the ramp-up), the
 * latencies per transport, human moves apart from lobby commands, and pushes that a poll had to make up for.
 * Errors count from the first request on, ramp-up included.
 */
export class TablesMeasurements extends Measurements {
  private from: number | null = null;
  private to = Number.POSITIVE_INFINITY;
  readonly latencies: Record<Transport, number[]> = { http: [], ws: [] };
  humanMoves = 0;
  /**
   * Each timed mutation split at the API's commit stamp (wall clocks of two processes on one machine): request
   * start → commit acknowledged on the API's main thread, and from there → reply arrived. Same order in both.
   */
  readonly split = { toCommit: [] as number[], afterCommit: [] as number[] };

  open(): void {
    this.from = performance.now();
  }

  close(): void {
    this.to = performance.now();
  }

  /** Whether something that started at `at` falls inside the measuring window. */
  counts(at: number): boolean {
    return this.from !== null && at >= this.from && at <= this.to;
  }

  /**
   * Whether a push arriving at `at` is kept: any from the window's start on, also after its end (the push of a
   * move made just before the end arrives after it; only moves made inside the window are expected).
   */
  keepsPush(at: number): boolean {
    return this.from !== null && at >= this.from;
  }

  get windowMs(): number {
    return this.from === null ? 0 : Math.min(this.to, performance.now()) - this.from;
  }
}
