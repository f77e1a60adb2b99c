import type { ProjectionFailure } from '../engine/checkpoint-store';
import type { MatchListChanges } from '../read-models/match-list/match-list.changes';

/** What the API thread asks of the projections thread. */
export type ToProjections =
  | { readonly kind: 'recompute'; readonly id: number; readonly family: string }
  | { readonly kind: 'rebuild'; readonly id: number; readonly name: string }
  | { readonly kind: 'stop' };

/** What the projections thread tells the API thread. Bigints cross as structured clones. */
export type FromProjections =
  /** The read database is open with every projection's tables: the API may read it. */
  | { readonly kind: 'ready' }
  | { readonly kind: 'caught-up' }
  /** One batch committed: its last position, lag samples (seconds), projection applications, list rows it changed. */
  | { readonly kind: 'applied'; readonly position: bigint; readonly lags: readonly number[]; readonly applications: number; readonly list?: MatchListChanges }
  | { readonly kind: 'failure'; readonly projection: string; readonly failure: ProjectionFailure }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'recomputed'; readonly id: number; readonly error: string | null }
  | { readonly kind: 'rebuilt'; readonly id: number; readonly error: string | null }
  /** The thread could not start (the read database or the store would not open). */
  | { readonly kind: 'fatal'; readonly message: string };
