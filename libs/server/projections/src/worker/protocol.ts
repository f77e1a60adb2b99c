import type { ProjectionFailure } from '../engine/checkpoint-store';
import type { MatchListChanges } from '../read-models/match-list/match-list.changes';

/** One batch committed: its last position, lag samples (seconds), projection applications, list rows it changed. */
export interface AppliedReport {
  readonly position: bigint;
  readonly lags: readonly number[];
  readonly applications: number;
  readonly list?: MatchListChanges;
}

/**
 * The projections thread's protocol (@liars-dice/platform-threads' channel). The API asks it to recompute a
 * family's ratings, to rebuild one read model and to stop; it tells the API of each committed batch, its
 * catch-up, a projection that stopped, and an error. Bigints cross as structured clones.
 */
export interface ProjectionsProtocol {
  requests: { recompute: { arg: string; reply: null }; rebuild: { arg: string; reply: null } };
  toThread: { stop: null };
  fromThread: {
    'caught-up': null;
    applied: AppliedReport;
    failure: { readonly projection: string; readonly failure: ProjectionFailure };
    error: string;
  };
}
