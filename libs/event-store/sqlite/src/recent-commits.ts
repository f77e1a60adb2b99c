import type { StoredJsonEvent } from '@liars-dice/event-store-port';
import type { CommittedGroup } from './writer-client';

/**
 * The events of this process's latest commits, kept so that its live subscriptions take them from memory
 * instead of reading back (and parsing) what it has just written. The data-directory lock makes this process
 * the file's only writer; even so, a group is chained on only when it starts where the last one ended: an
 * event from anywhere else would sit in between, and the memory would then vouch for nothing before it.
 */
export class RecentCommits {
  /** In position order: every event at a position after `start`, up to `end`. */
  private rows: StoredJsonEvent[] = [];
  /** Exclusive lower bound of what `rows` covers; undefined before the first commit. */
  private start: bigint | null | undefined = undefined;
  private end: bigint | null = null;

  /**
   * @param keep events kept at least (a subscription further behind reads the file). Live subscriptions follow a
   * few milliseconds behind the newest commit, and 2,048 events are still seconds of a busy server's load; what is
   * kept is main-thread live data (ADR 0028).
   */
  constructor(private readonly keep = 2048) {}

  add({ before, rows }: CommittedGroup): void {
    if (this.start === undefined || before !== this.end) {
      this.rows = [];
      this.start = before;
    }
    this.rows.push(...rows);
    this.end = this.rows.length > 0 ? (this.rows[this.rows.length - 1] as StoredJsonEvent).position : before;
    if (this.rows.length > 2 * this.keep) {
      // Trimmed in one go now and then, so keeping costs O(1) per event.
      const dropped = this.rows.length - this.keep;
      this.start = (this.rows[dropped - 1] as StoredJsonEvent).position;
      this.rows = this.rows.slice(dropped);
    }
  }

  /**
   * Up to `limit` events after position `after` (null: from the first), when memory holds every one of them up
   * to the newest commit this process heard of; null when it does not, or when it has nothing newer (the
   * file may hold a commit whose acknowledgement is still on its way: reading tells).
   */
  after(after: bigint | null, limit: number): readonly StoredJsonEvent[] | null {
    const { start, end } = this;
    if (start === undefined || end === null) return null;
    const from = after ?? 0n;
    if (from < (start ?? 0n) || from >= end) return null;
    let index = this.rows.length;
    // The live tail is read just behind the newest commit: search from the end.
    while (index > 0 && (this.rows[index - 1] as StoredJsonEvent).position > from) index--;
    return this.rows.slice(index, index + limit);
  }
}
