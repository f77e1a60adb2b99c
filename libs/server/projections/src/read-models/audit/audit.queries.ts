import { Injectable } from '@nestjs/common';
import {
  type AuditAudience, type AuditEntry, asProjected, auditTrail, evolveFacts, type MatchFacts, type ReplayOptions, replayTimeline, type ReplayViewer,
  type ReplayWindow,
} from '@liars-dice/game-projections';
import { ReadDatabase } from '../../read-connection';

interface AuditRow {
  idx: number;
  type: string;
  actor: string | null;
  command_id: string | null;
  at: number;
  outcome: string;
  data: string;
}

/** A match's audit trail and its replay, both read from the stored trail (redacted for the audience when read). */
@Injectable()
export class AuditQueries {
  constructor(private readonly read: ReadDatabase) {}

  /** The audit trail for an audience; entries from index `after + 1`, `first` of them. Null: no such match. */
  audit(matchId: string, audience: AuditAudience, first: number, after: number | null): { entries: AuditEntry[]; redacted: boolean; total: number } | null {
    const stored = this.entries(matchId);
    if (stored.length === 0) return null;
    const trail = auditTrail(stored, audience);
    const from = after === null ? 0 : after + 1;
    return { entries: trail.entries.filter((e) => e.index >= from).slice(0, first), redacted: trail.redacted, total: stored.length };
  }

  /**
   * Replay steps folded from the stored trail, seen by the viewer `choose` picks from the match's lobby facts
   * (seats, phase, dispute): it decides who may see what and throws when the caller may not. Null: no such match.
   */
  replay(matchId: string, choose: (facts: MatchFacts) => ReplayViewer, options: ReplayOptions): (ReplayWindow & { viewer: ReplayViewer }) | null {
    const stored = this.entries(matchId).map(asProjected);
    const facts = stored.reduce<MatchFacts | null>(evolveFacts, null);
    if (!facts) return null;
    const viewer = choose(facts);
    return { ...replayTimeline(stored, viewer, options), viewer };
  }

  private entries(matchId: string): AuditEntry[] {
    const rows = this.read.db.prepare('SELECT idx, type, actor, command_id, at, outcome, data FROM audit_entries WHERE match_id = ? ORDER BY idx').all(matchId) as AuditRow[];
    return rows.map((r) => ({ index: r.idx, type: r.type, actor: r.actor, commandId: r.command_id, at: r.at, outcome: r.outcome, data: JSON.parse(r.data) as unknown }));
  }
}
