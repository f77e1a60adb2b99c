import type { Measurements } from './measurements';
import type { ThreadUse } from './tables/thread-schedule';

/** One server's run under bench:api's load: ours (threads on or in process) or the peer baseline. */
export interface ServerRun {
  readonly label: string;
  readonly elapsedMs: number;
  readonly measured: Measurements;
  /** CPU seconds over the run: the server process (all threads), its main thread, the load client. */
  readonly cpu: { readonly server: number; readonly main: number; readonly client: number };
  /** The server's threads by the names its /metrics reports (Linux), or null where not read. */
  readonly threads: readonly ThreadUse[] | null;
  /** Moves the server accepted over the run, every seat's (bids and liar calls). */
  readonly moves: number;
}
