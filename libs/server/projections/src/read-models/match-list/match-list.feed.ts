import { Observable } from 'rxjs';
import type { MatchListEntry } from '@liars-dice/game-projections';
import { type MatchListChanges, MAX_REPORTED_ROWS } from './match-list.changes';
import { fitsSearch } from './match-list.filter';
import type { MatchSearch } from './match-list.queries';
import type { MatchListUpdateView, MatchSummaryView } from './match-list.types';
import { summaryOfEntry } from './match-list.view';
import { ListPushThrottle, realClock, type ThrottleClock } from './list-push-throttle';

/**
 * At most one push per list per subscriber this often (ADR 0030): each push costs its client one list read, so
 * at the poll period it replaces (3 s) a busy server never reads more than polling did, and a quiet one reads
 * nothing; the first change after a quiet stretch goes at once.
 */
export const LIST_PUSH_INTERVAL_MS = 3_000;

/** The throttle's key for "read everything again" (match ids are never empty). */
const RESYNC = '';

/**
 * The match-list rows each committed batch of the projections changed (reported by the projections thread,
 * or the runner in this thread), handed to every list subscriber: each keeps the rows its filter held before
 * or holds now and pushes them throttled. The API thread's cost is per list change and subscriber (a few
 * comparisons), never per move: batches of moves report no rows. ProjectionsService holds the one instance.
 */
export class MatchListFeed {
  /** Subscribers by filter (most watch one of the console's two or three lists): each row is tested once per filter. */
  private readonly groups = new Map<string, { readonly search: MatchSearch; readonly throttles: Set<Throttle> }>();

  /** How many lists are followed right now (tests, metrics). */
  get subscribers(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.throttles.size;
    return count;
  }

  publish(list: MatchListChanges): void {
    for (const { search, throttles } of this.groups.values()) {
      if (list.overflow) for (const throttle of throttles) throttle.offer(RESYNC, null);
      for (const { before, after } of list.rows) {
        if (!fitsSearch(after, search) && (before === null || !fitsSearch(before, search))) continue;
        for (const throttle of throttles) throttle.offer(after.matchId, after);
      }
    }
  }

  /** One list's pushes: SUBSCRIBED at once, then the changed rows it held or holds, throttled. */
  updates(search: MatchSearch, intervalMs = LIST_PUSH_INTERVAL_MS, clock: ThrottleClock = realClock): Observable<MatchListUpdateView> {
    return new Observable<MatchListUpdateView>((subscriber) => {
      subscriber.next({ reason: 'subscribed', changed: [] });
      const throttle: Throttle = new ListPushThrottle(intervalMs, (rows) => subscriber.next(updateOf(rows)), clock);
      const key = JSON.stringify(search, Object.keys(search).sort());
      const group = this.groups.get(key) ?? { search, throttles: new Set<Throttle>() };
      this.groups.set(key, group);
      group.throttles.add(throttle);
      return () => {
        throttle.stop();
        group.throttles.delete(throttle);
        if (group.throttles.size === 0 && this.groups.get(key) === group) this.groups.delete(key);
      };
    });
  }
}

type Throttle = ListPushThrottle<string, MatchListEntry | null>;

/** Each pushed entry's view, built once for all the subscribers that push it. */
const views = new WeakMap<MatchListEntry, MatchSummaryView>();

function viewOf(entry: MatchListEntry): MatchSummaryView {
  let view = views.get(entry);
  if (!view) views.set(entry, (view = summaryOfEntry(entry)));
  return view;
}

/**
 * A push: the rows are made views only if the subscriber selected `changed` (the console asks for `reason`
 * alone and reads the list). More rows than a report carries become a RESYNC.
 */
function updateOf(rows: readonly (MatchListEntry | null)[]): MatchListUpdateView {
  if (rows.includes(null) || rows.length > MAX_REPORTED_ROWS) return { reason: 'resync', changed: [] };
  return {
    reason: 'changed',
    get changed() {
      return (rows as readonly MatchListEntry[]).map(viewOf);
    },
  };
}
