import type { RecordedEvent } from '@liars-dice/event-store-port';
import type { MatchFacts, ProjectedEvent } from '@liars-dice/game-projections';
import type { ReadDb } from '../read-database';

/** What a projection gets for one event: the match's facts before and after it, and the event's position. */
export interface Applied {
  readonly event: ProjectedEvent;
  readonly before: MatchFacts | null;
  readonly after: MatchFacts | null;
  readonly position: bigint;
  /**
   * When the store committed the event (epoch ms, its `created`): the moment the server's own timers count from
   * (a lobby's idle time), unlike `event.at`, the writer's clock before the append.
   */
  readonly committedAt: number;
}

/**
 * One read model's writer: its tables and how an event changes them. `apply` runs inside the engine's
 * transaction, next to the projection's checkpoint; it is synchronous (better-sqlite3) and throws to stop the
 * projection.
 */
export interface Projection {
  readonly name: string;
  /** Tables it owns, in the order a dump or a reset visits them. */
  readonly tables: readonly string[];
  /** False when `apply` never reads `before`/`after`: the engine then keeps no match facts for it. */
  readonly usesFacts?: boolean;
  apply(applied: Applied): void;
  /** Streams besides the matches' that it reads, by name prefix (moderation's disputes and sanctions). */
  readonly otherStreams?: readonly string[];
  /** One event of those streams, as stored (same transaction and checkpoint as `apply`). */
  applyOther?(record: RecordedEvent): void;
  /** Writes what `apply` buffered for the batch (inside the same transaction); optional. */
  flush?(): void;
  /** Drops what `apply` buffered: the batch is being rolled back. */
  discard?(): void;
}

export type ProjectionFactory = (db: ReadDb) => Projection;
