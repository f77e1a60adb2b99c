import type { RecordedEvent } from '@liars-dice/event-store-port';
import {
  affectedBy,
  type Dispute,
  DISPUTES_STREAM_PREFIX,
  type DisputesState,
  disputeOf,
  evolveDisputes,
  initialDisputesState,
} from '@liars-dice/game-moderation';
import type { Projection } from '../../engine/projection';
import type { ReadDb } from '../../read-database';
import { disputeEventOf } from '../moderation-record';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS dispute_streams (match_id TEXT PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS disputes (
  dispute_id TEXT PRIMARY KEY, match_id TEXT NOT NULL, status TEXT NOT NULL, opened_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  live INTEGER NOT NULL, revision INTEGER NOT NULL, dispute TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS disputes_by_status ON disputes (status, opened_at);
CREATE TABLE IF NOT EXISTS dispute_parties (account TEXT NOT NULL, dispute_id TEXT NOT NULL, PRIMARY KEY (account, dispute_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS filer_records (account TEXT PRIMARY KEY, upheld INTEGER NOT NULL, dismissed INTEGER NOT NULL);`;

const inForce = (dispute: Dispute | undefined): boolean => dispute?.ruling?.effectiveAt != null;
const overturned = (dispute: Dispute | undefined): boolean => dispute?.appeal?.decision?.decision === 'overturned';

/** What each player filer's record gains: a ruling taking effect (upheld unless dismissed), or an appeal overturning it. */
function recordChange(before: Dispute | undefined, after: Dispute): { upheld: number; dismissed: number } | null {
  if (!inForce(before) && inForce(after)) return after.ruling?.ruling.action === 'dismiss' ? { upheld: 0, dismissed: 1 } : { upheld: 1, dismissed: 0 };
  return !overturned(before) && overturned(after) ? { upheld: -1, dismissed: 1 } : null;
}

/**
 * The disputes of every match, folded with the domain's own `evolveDisputes`: the state of each match's
 * stream (what the write side decides on), one row per dispute for the queue and the detail view, who may
 * see each outcome (filers, and those a ruling in force touches), and each player filer's track record.
 */
export class DisputesProjection implements Projection {
  readonly name = 'disputes';
  readonly tables = ['dispute_streams', 'disputes', 'dispute_parties', 'filer_records'];
  readonly usesFacts = false;
  readonly otherStreams = [DISPUTES_STREAM_PREFIX];
  private readonly statements;

  constructor(db: ReadDb) {
    db.exec(SCHEMA);
    this.statements = {
      state: db.prepare('SELECT state FROM dispute_streams WHERE match_id = ?').pluck(),
      setState: db.prepare('INSERT OR REPLACE INTO dispute_streams VALUES (?, ?)'),
      setDispute: db.prepare('INSERT OR REPLACE INTO disputes VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      clearParties: db.prepare('DELETE FROM dispute_parties WHERE dispute_id = ?'),
      addParty: db.prepare('INSERT OR IGNORE INTO dispute_parties VALUES (?, ?)'),
      record: db.prepare(`INSERT INTO filer_records VALUES (?, ?, ?)
        ON CONFLICT (account) DO UPDATE SET upheld = upheld + excluded.upheld, dismissed = dismissed + excluded.dismissed`),
    };
  }

  apply(): void {
    // Match events: nothing to do; the disputes come from their own streams.
  }

  applyOther(record: RecordedEvent): void {
    const found = disputeEventOf(record);
    if (!found) return;
    const stored = this.statements.state.get(found.matchId) as string | undefined;
    const before: DisputesState = stored ? (JSON.parse(stored) as DisputesState) : initialDisputesState;
    const after = evolveDisputes(before, found.event);
    if (after === before) return;
    this.statements.setState.run(found.matchId, JSON.stringify(after));
    const dispute = disputeOf(after, found.event.data.disputeId);
    if (dispute) this.write(disputeOf(before, dispute.id), dispute, found.event.data.at);
  }

  private write(before: Dispute | undefined, dispute: Dispute, at: number): void {
    const live = dispute.endedAt === null ? 1 : 0;
    this.statements.setDispute.run(dispute.id, dispute.matchId, dispute.status, dispute.openedAt, at, live, dispute.revision, JSON.stringify(dispute));
    this.statements.clearParties.run(dispute.id);
    const touched = inForce(dispute) ? affectedBy(dispute) : [];
    for (const account of [...dispute.filings.map((f) => f.filer.id), ...touched]) this.statements.addParty.run(account, dispute.id);
    const change = recordChange(before, dispute);
    if (!change) return;
    for (const filing of dispute.filings) if (filing.capacity === 'player') this.statements.record.run(filing.filer.id, change.upheld, change.dismissed);
  }
}
