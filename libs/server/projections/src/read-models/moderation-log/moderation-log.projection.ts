import type { RecordedEvent } from '@liars-dice/event-store-port';
import { DISPUTES_STREAM_PREFIX, type DisputesState, evolveDisputes, initialDisputesState, SANCTIONS_STREAM_PREFIX } from '@liars-dice/game-moderation';
import type { Projection } from '../../engine/projection';
import { positionKey, type ReadDb } from '../../read-database';
import { disputeEventOf, sanctionEventOf } from '../moderation-record';
import { disputeEntry, type LogEntry, sanctionEntry } from './moderation-log.entries';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS moderation_log (
  seq TEXT PRIMARY KEY, at INTEGER NOT NULL, moderator_id TEXT NOT NULL, moderator_name TEXT NOT NULL, action TEXT NOT NULL,
  dispute_id TEXT, match_id TEXT, sanction_id TEXT, reason TEXT, details TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moderation_log_subjects (account TEXT NOT NULL, seq TEXT NOT NULL, PRIMARY KEY (account, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moderation_log_streams (match_id TEXT PRIMARY KEY, state TEXT NOT NULL);`;

/**
 * The moderation log: every moderator action in log order, append-only (rows are only ever added), each with
 * the accounts it is about so that players can read the entries that concern them.
 */
export class ModerationLogProjection implements Projection {
  readonly name = 'moderation-log';
  readonly tables = ['moderation_log', 'moderation_log_subjects', 'moderation_log_streams'];
  readonly usesFacts = false;
  readonly otherStreams = [DISPUTES_STREAM_PREFIX, SANCTIONS_STREAM_PREFIX];
  private readonly statements;

  constructor(db: ReadDb) {
    db.exec(SCHEMA);
    this.statements = {
      add: db.prepare('INSERT OR IGNORE INTO moderation_log VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      subject: db.prepare('INSERT OR IGNORE INTO moderation_log_subjects VALUES (?, ?)'),
      state: db.prepare('SELECT state FROM moderation_log_streams WHERE match_id = ?').pluck(),
      setState: db.prepare('INSERT OR REPLACE INTO moderation_log_streams VALUES (?, ?)'),
    };
  }

  apply(): void {
    // Match events are not moderators' actions; voids are logged as the rulings that made them.
  }

  applyOther(record: RecordedEvent): void {
    const sanction = sanctionEventOf(record);
    if (sanction) return this.write(record.position, sanctionEntry(sanction.account, sanction.event));
    const found = disputeEventOf(record);
    if (!found) return;
    const stored = this.statements.state.get(found.matchId) as string | undefined;
    const before: DisputesState = stored ? (JSON.parse(stored) as DisputesState) : initialDisputesState;
    const after = evolveDisputes(before, found.event);
    this.statements.setState.run(found.matchId, JSON.stringify(after));
    const entry = disputeEntry(before, after, found.event);
    if (entry) this.write(record.position, entry);
  }

  private write(position: bigint, entry: LogEntry): void {
    const seq = positionKey(position);
    const { at, moderator, action, disputeId, matchId, sanctionId, reason, details } = entry;
    this.statements.add.run(seq, at, moderator.id, moderator.name, action, disputeId, matchId, sanctionId, reason, JSON.stringify(details));
    for (const account of entry.subjects) this.statements.subject.run(account, seq);
  }
}
