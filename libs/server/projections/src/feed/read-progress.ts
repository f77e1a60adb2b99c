/**
 * How far this instance's read models have got, for a read that must see a write of its own (ConsistentReads);
 * ProjectionsService provides it.
 */
export abstract class ReadProgress {
  /** The position every running read model has committed up to (null: not all have applied anything yet). */
  abstract appliedUpTo(): bigint | null;
  /** Resolves once every running read model has applied the event at `position`; rejects if the feed stops. */
  abstract whenApplied(position: bigint): Promise<void>;
}
