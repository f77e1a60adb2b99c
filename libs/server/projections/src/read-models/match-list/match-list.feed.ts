import { Observable } from 'rxjs';
import type { MatchListEntry } from '@liars-dice/game-projections';
import type { MatchListChanges } from './match-list.changes';
import { fitsSearch } from './match-list.filter';
import type { MatchSearch } from './match-list.queries';
import type { MatchListUpdateView } from './match-list.types';
import { summaryOfEntry } from './match-list.view';
import { ListPushThrottle, realClock, type ThrottleClock } from './list-push-throttle';

/**
 * At most one push per list per subscriber this often (ADR 0030): a person reads a list change in about a
 * second, and each push costs its client one list read; the first change after a quiet second goes at once.
 */
export const LIST_PUSH_INTERVAL_MS = 1_000;

/** The throttle's key for "read everything again" (match ids are never empty). */
const RESYNC = '';

/**
 * The match-list rows each committed batch of the projections changed (reported by the projections thread,
 * or the runner in this thread), handed to every list subscriber: each keeps the rows its filter held before
 * or holds now and pushes them throttled. The API thread's cost is per list change and subscriber (a few
 * comparisons), never per move: batches of moves report no rows. ProjectionsService holds the one instance.
 */
export class MatchListFeed {
  private readonly listeners = new Set<(list: MatchListChanges) => void>();

  /** How many lists are followed right now (tests, metrics). */
  get subscribers(): number {
    return this.listeners.size;
  }

  publish(list: MatchListChanges): void {
    for (const listener of this.listeners) listener(list);
  }

  /** One list's pushes: SUBSCRIBED at once, then the changed rows it held or holds, throttled. */
  updates(search: MatchSearch, intervalMs = LIST_PUSH_INTERVAL_MS, clock: ThrottleClock = realClock): Observable<MatchListUpdateView> {
    return new Observable<MatchListUpdateView>((subscriber) => {
      subscriber.next({ reason: 'subscribed', changed: [] });
      const throttle = new ListPushThrottle<string, MatchListEntry | null>(intervalMs, (rows) => subscriber.next(updateOf(rows)), clock);
      const listener = (list: MatchListChanges): void => {
        if (list.overflow) throttle.offer(RESYNC, null);
        for (const { before, after } of list.rows) {
          if (fitsSearch(after, search) || (before !== null && fitsSearch(before, search))) throttle.offer(after.matchId, after);
        }
      };
      this.listeners.add(listener);
      return () => {
        this.listeners.delete(listener);
        throttle.stop();
      };
    });
  }
}

function updateOf(rows: readonly (MatchListEntry | null)[]): MatchListUpdateView {
  const changed = rows.flatMap((row) => (row ? [summaryOfEntry(row)] : []));
  return { reason: rows.includes(null) ? 'resync' : 'changed', changed };
}
