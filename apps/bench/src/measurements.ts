import { performance } from 'node:perf_hooks';

/** The wall clock with sub-millisecond resolution: comparable with the API's `committedAt` (same machine). */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/** One accepted mutation: its match revision, when its request started and when its reply arrived (local clock). */
export interface Sent {
  readonly started: number;
  readonly replied: number;
  /** The subscribers that must hear this revision: those of the mutation's table. */
  readonly audience: number;
}

/** One view pushed to a subscriber: local arrival time, arrival on the wall clock, and the server's commit stamp. */
export interface Push {
  readonly key: string;
  readonly at: number;
  readonly wallAt: number;
  readonly committedAt: number | null;
}

/** What the load run measures, shared by every table. */
export class Measurements {
  /** Accepted mutations by `matchId@revision`. */
  readonly sent = new Map<string, Sent>();
  readonly pushes: Push[] = [];
  /** Refused or failed requests by error code (`TRANSPORT` when the connection itself failed). */
  readonly errors = new Map<string, number>();
  mutations = 0;
  matches = 0;

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }
}
