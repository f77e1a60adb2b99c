import { Subject } from 'rxjs';
import { LiveMatches } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';

/** The replica the timers under test run on: a record whose `writer` is this was written by it. */
export const HERE = 'here';
/** Another replica. */
export const THERE = 'there';

/**
 * The part of LiveMatches the timers read: its records at start-up, its changes, and who wrote a record's last
 * command, asked with the real owner's own question (`wroteLast`) of the record's `writer`.
 */
export class FakeMatches {
  readonly replica = HERE;
  readonly changes = new Subject<MatchRecord>();
  readonly changes$ = this.changes.asObservable();
  constructor(readonly records: MatchRecord[] = []) {}
  ready = () => Promise.resolve();
  all = () => this.records.values();
  wroteLast = LiveMatches.prototype.wroteLast;
}
