import { Subject } from 'rxjs';
import type { MatchRecord } from '@liars-dice/game-match';

/** Who hears a match's records (`LiveMatches.watch`): an rxjs subscriber is one. */
export interface MatchWatcher {
  next(record: MatchRecord): void;
  complete(): void;
}

/**
 * Who hears of each match after each whole command: every listener of `changes$` (CPU seats, timers, the
 * tournament director) and the watchers of that one match (live views), indexed by match so a change reaches
 * only its own subscribers. A live subscription holds one watcher, not an operator chain.
 */
export class MatchAnnouncements {
  private readonly changes = new Subject<MatchRecord>();
  private readonly watchers = new Map<string, Set<MatchWatcher>>();

  /** Each match after each whole command. */
  readonly changes$ = this.changes.asObservable();

  /** The watcher is told each record of the match (and `complete` at shutdown) until the returned function is called. */
  watch(matchId: string, watcher: MatchWatcher): () => void {
    const set = this.watchers.get(matchId) ?? new Set();
    this.watchers.set(matchId, set.add(watcher));
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(matchId) === set) this.watchers.delete(matchId);
    };
  }

  /** Live views first: a push waits for nothing else; CPU seats and timers only schedule work. */
  announce(record: MatchRecord): void {
    // A watcher that stops while it is told (a final view completes) leaves the set: a Set's iteration allows it.
    const watchers = this.watchers.get(record.table.matchId);
    if (watchers) for (const watcher of watchers) watcher.next(record);
    this.changes.next(record);
  }

  close(): void {
    this.changes.complete();
    for (const set of this.watchers.values()) for (const watcher of set) watcher.complete();
    this.watchers.clear();
  }
}
