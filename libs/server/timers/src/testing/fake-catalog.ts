import { Subject } from 'rxjs';
import type { MatchRecord } from '@liars-dice/game-match';

/** The part of the live catalog the timers read: its records at start-up, its changes, and who wrote last. */
export class FakeCatalog {
  readonly changes = new Subject<MatchRecord>();
  readonly changes$ = this.changes.asObservable();
  /** The matches whose last command another replica wrote. */
  readonly elsewhere = new Set<string>();
  constructor(readonly records: MatchRecord[] = []) {}
  ready = () => Promise.resolve();
  all = () => this.records.values();
  wroteLast = (record: MatchRecord) => !this.elsewhere.has(record.table.matchId);
}
