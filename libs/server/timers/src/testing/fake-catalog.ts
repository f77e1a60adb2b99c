import { Subject } from 'rxjs';
import { MatchCatalog } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';

/**
 * The part of the live catalog the timers read: its records at start-up, its changes, and who wrote last. Who
 * wrote last is told as the real catalog's sources tell it (`wroteLast` from the acknowledgements processed,
 * `appendsAnswered` for appends in flight); the question the timers ask is the real catalog's own code.
 */
export class FakeCatalog {
  readonly changes = new Subject<MatchRecord>();
  readonly changes$ = this.changes.asObservable();
  /** The matches whose last command another replica wrote. */
  readonly elsewhere = new Set<string>();
  /** The matches this replica has an append in flight to (its acknowledgement not processed yet). */
  private readonly inFlight = new Map<string, { readonly answered: Promise<void>; readonly answer: () => void }>();
  constructor(readonly records: MatchRecord[] = []) {}
  ready = () => Promise.resolve();
  all = () => this.records.values();
  wroteLast = (record: MatchRecord) => !this.elsewhere.has(record.table.matchId) && !this.inFlight.has(record.table.matchId);
  appendsAnswered = (matchId: string) => this.inFlight.get(matchId)?.answered ?? null;
  wroteLastOnceAnswered = MatchCatalog.prototype.wroteLastOnceAnswered;

  /** This replica sent an append to the match; the returned function is the store's answer (taken or refused). */
  appendSent(matchId: string): (taken: boolean) => void {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    this.inFlight.set(matchId, { answered, answer });
    return (taken) => {
      if (!taken) this.elsewhere.add(matchId);
      this.inFlight.delete(matchId);
      answer();
    };
  }
}
