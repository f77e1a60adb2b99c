import { Injectable } from '@nestjs/common';
import { type Dispute, type DisputeStatus, type DisputesState, type FilerRecord, initialDisputesState, type QueueScore, queueScore } from '@liars-dice/game-moderation';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import { ReadDatabase } from '../../read-connection';
import { CollusionQueries } from '../collusion/collusion.queries';

export interface ScoredDispute {
  readonly dispute: Dispute;
  readonly score: QueueScore;
}

type QueueKey = readonly [score: number, openedAt: number, id: string];
const queueKey = ({ dispute, score }: ScoredDispute): QueueKey => [score.score, dispute.openedAt, dispute.id];
/** Highest score first, then the oldest, then by id. */
const queueOrder = (x: QueueKey, y: QueueKey): number => y[0] - x[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);

const parse = (rows: readonly { dispute: string }[]): Dispute[] => rows.map((row) => JSON.parse(row.dispute) as Dispute);

/** The disputes read model: the queue (scored when read: age moves it), one dispute, and a party's outcomes. */
@Injectable()
export class DisputesQueries {
  constructor(
    private readonly read: ReadDatabase,
    private readonly collusion: CollusionQueries,
  ) {}

  /** A match's disputes as the read side folded them (null before the first filing). */
  stateOf(matchId: string): DisputesState {
    const stored = this.read.db.prepare('SELECT state FROM dispute_streams WHERE match_id = ?').pluck().get(matchId) as string | undefined;
    return stored ? (JSON.parse(stored) as DisputesState) : initialDisputesState;
  }

  find(disputeId: string): Dispute | null {
    return parse(this.read.db.prepare('SELECT dispute FROM disputes WHERE dispute_id = ?').all(disputeId) as { dispute: string }[])[0] ?? null;
  }

  /** The queue: disputes in these statuses by score, highest first (then older first, then by id). */
  queue(statuses: readonly DisputeStatus[], now: number, first: number, after: string | null): Page<ScoredDispute> {
    const cursor = decodeCursor(after, ['number', 'number', 'string'] as const);
    const marks = statuses.map(() => '?').join(', ');
    // One snapshot: the rows and the records and signals each score reads come from the same commit.
    const scored = this.read.snapshot((db) => {
      const rows = db.prepare(`SELECT dispute FROM disputes WHERE status IN (${marks})`).all(...statuses) as { dispute: string }[];
      return parse(rows).map((dispute) => ({ dispute, score: this.score(dispute, now) }));
    });
    scored.sort((x, y) => queueOrder(queueKey(x), queueKey(y)));
    const rest = cursor ? scored.filter((s) => queueOrder(queueKey(s), cursor) > 0) : scored;
    return pageOf(rest.slice(0, first + 1), first, queueKey);
  }

  /** The score a dispute has now (queue-score.ts): its filers' records and the collusion signal of its players. */
  score(dispute: Dispute, now: number): QueueScore {
    const records = this.filerRecords(dispute.filings.map((f) => f.filer.id));
    const filers: FilerRecord[] = dispute.filings.map((f) => ({ capacity: f.capacity, ...(records.get(f.filer.id) ?? { upheld: 0, dismissed: 0 }) }));
    return queueScore({
      openedAt: dispute.openedAt,
      now,
      filers,
      categories: dispute.filings.map((f) => f.category),
      live: dispute.endedAt === null,
      suspicion: this.collusion.highest(dispute.players),
    });
  }

  /** Disputes `account` filed or a ruling in force touches, newest change first. */
  outcomesFor(account: string, first: number, after: string | null): Page<Dispute & { updatedAt: number }> {
    const cursor = decodeCursor(after, ['number', 'string'] as const);
    const rows = this.read.db
      .prepare(`SELECT d.dispute, d.updated_at FROM dispute_parties p JOIN disputes d ON d.dispute_id = p.dispute_id
        WHERE p.account = ? AND (? IS NULL OR d.updated_at < ? OR (d.updated_at = ? AND d.dispute_id > ?)) ORDER BY d.updated_at DESC, d.dispute_id LIMIT ?`)
      .all(account, cursor?.[0] ?? null, cursor?.[0] ?? null, cursor?.[0] ?? null, cursor?.[1] ?? '', first + 1) as { dispute: string; updated_at: number }[];
    const disputes = rows.map((row) => ({ ...(JSON.parse(row.dispute) as Dispute), updatedAt: row.updated_at }));
    return pageOf(disputes, first, (d) => [d.updatedAt, d.id]);
  }

  private filerRecords(accounts: readonly string[]): Map<string, { upheld: number; dismissed: number }> {
    if (accounts.length === 0) return new Map();
    const rows = this.read.db.prepare(`SELECT * FROM filer_records WHERE account IN (${accounts.map(() => '?').join(', ')})`).all(...accounts) as {
      account: string;
      upheld: number;
      dismissed: number;
    }[];
    return new Map(rows.map((row) => [row.account, { upheld: row.upheld, dismissed: row.dismissed }]));
  }
}
