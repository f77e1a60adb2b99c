import type { RecordedEvent } from '@liars-dice/event-store-port';
import { SANCTIONS_STREAM_PREFIX } from '@liars-dice/game-moderation';
import type { Projection } from '../../engine/projection';
import type { ReadDb } from '../../read-database';
import { sanctionEventOf } from '../moderation-record';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sanctions (
  sanction_id TEXT PRIMARY KEY, account TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, days INTEGER, until INTEGER,
  reason TEXT NOT NULL, moderator_id TEXT NOT NULL, moderator_name TEXT NOT NULL, dispute_id TEXT, at INTEGER NOT NULL,
  lifted_at INTEGER, lifted_by_id TEXT, lifted_by_name TEXT, lift_reason TEXT
);
CREATE INDEX IF NOT EXISTS sanctions_by_account ON sanctions (account, at);`;

/** Every sanction of every account, with its lifting: what moderators, the sanctioned player and tournaments read. */
export class SanctionsProjection implements Projection {
  readonly name = 'sanctions';
  readonly tables = ['sanctions'];
  readonly usesFacts = false;
  readonly otherStreams = [SANCTIONS_STREAM_PREFIX];
  private readonly statements;

  constructor(db: ReadDb) {
    db.exec(SCHEMA);
    this.statements = {
      impose: db.prepare('INSERT OR IGNORE INTO sanctions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL)'),
      lift: db.prepare('UPDATE sanctions SET lifted_at = ?, lifted_by_id = ?, lifted_by_name = ?, lift_reason = ? WHERE sanction_id = ? AND lifted_at IS NULL'),
    };
  }

  apply(): void {
    // Match events: sanctions come from their own streams.
  }

  applyOther(record: RecordedEvent): void {
    const found = sanctionEventOf(record);
    if (!found) return;
    const { event } = found;
    if (event.type === 'SanctionImposed') {
      const d = event.data;
      this.statements.impose.run(d.sanctionId, d.account.id, d.account.name, d.kind, d.days, d.until, d.reason, d.moderator.id, d.moderator.name, d.disputeId, d.at);
    } else {
      const d = event.data;
      this.statements.lift.run(d.at, d.moderator.id, d.moderator.name, d.reason, d.sanctionId);
    }
  }
}
