import { firstValueFrom, toArray } from 'rxjs';
import type { MatchRecord } from '@liars-dice/game-match';
import type { MatchWatcher } from './match-announcements';
import { liveViews } from './match-queries.resolver';
import type { MatchView } from './graphql/match-view.types';

/** A record and its view stand for each other here: only the revision and the status matter. */
const record = (revision: number, status = 'bidding'): MatchRecord => ({ revision: BigInt(revision), status }) as unknown as MatchRecord;
const viewOf = (r: MatchRecord): MatchView => ({ revision: r.revision.toString(), status: (r as unknown as { status: string }).status }) as MatchView;

function catalog(): { watch: (watcher: MatchWatcher) => () => void; tell: (r: MatchRecord) => void; watching: () => number } {
  const watchers = new Set<MatchWatcher>();
  return {
    watch: (watcher) => (watchers.add(watcher), () => void watchers.delete(watcher)),
    tell: (r) => [...watchers].forEach((w) => w.next(r)),
    watching: () => watchers.size,
  };
}

describe('a subscriber’s live views (matchUpdated)', () => {
  it('given changes before and after the current view, then it shows the current view and only newer ones, in order', async () => {
    const { watch, tell } = catalog();
    let answer!: (view: MatchView) => void;
    const seen: string[] = [];
    const subscription = liveViews(() => new Promise((resolve) => (answer = resolve)), watch, viewOf).subscribe((view) => seen.push(view.revision));

    // When: a change arrives while the current view is read, then the (older) current view, then changes.
    tell(record(5));
    answer(viewOf(record(4)));
    await Promise.resolve();
    tell(record(5));
    tell(record(7));
    tell(record(6));

    // Then: revisions only move forward.
    expect(seen).toEqual(['5', '7']);
    subscription.unsubscribe();
  });

  it('given a final view, then it is the last one: the subscription completes and stops watching the match', async () => {
    const { watch, tell, watching } = catalog();
    const views = firstValueFrom(liveViews(() => Promise.resolve(viewOf(record(1))), watch, viewOf).pipe(toArray()));
    await Promise.resolve();
    expect(watching()).toBe(1);

    tell(record(2));
    tell(record(3, 'finished'));
    tell(record(4));

    expect((await views).map((view) => [view.revision, view.status])).toEqual([['1', 'bidding'], ['2', 'bidding'], ['3', 'finished']]);
    expect(watching()).toBe(0);
  });

  it('given an unknown match (the current view fails), or a view that fails, then that subscription errors and stops watching; the others hear on', async () => {
    const { watch, tell, watching } = catalog();
    const failed = firstValueFrom(liveViews(() => Promise.reject(new Error('matchId: no match m')), watch, viewOf));
    await expect(failed).rejects.toThrow('no match m');

    const seen: string[] = [];
    const other = liveViews(() => Promise.resolve(viewOf(record(1))), watch, viewOf).subscribe({ next: (view) => seen.push(view.revision), error: () => undefined });
    const broken = firstValueFrom(liveViews(() => new Promise<MatchView>(() => undefined), watch, () => { throw new Error('no view'); }));
    tell(record(2));

    await expect(broken).rejects.toThrow('no view');
    await Promise.resolve();
    tell(record(3));
    expect(seen).toEqual(['2', '3']);
    expect(watching()).toBe(1);
    other.unsubscribe();
    expect(watching()).toBe(0);
  });
});
