import {
  type AuditAudience, type AuditEntry, asProjected, auditTrail, evolveFacts, type MatchFacts, type ReplayOptions, replayTimeline, type ReplayViewer,
  type ReplayWindow,
} from '@liars-dice/game-projections';
import type { ReadDb } from './read-database';

export interface Page<T> {
  readonly nodes: T[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

export interface MatchSearch {
  readonly family?: string | null;
  readonly player?: string | null;
  readonly status?: string | null;
  readonly ranked?: boolean | null;
  readonly kind?: string | null;
  readonly disputed?: boolean | null;
  /** Opened at or after / before (epoch ms). */
  readonly openedFrom?: number | null;
  readonly openedTo?: number | null;
}

export interface MatchRow {
  match_id: string;
  family: string;
  kind: string;
  ranked: number;
  status: string;
  disputed: number;
  voided: number;
  host: string;
  players: string;
  winner: string | null;
  opened_at: number;
  started_at: number | null;
  finished_at: number | null;
  rounds: number;
}

export const encodeCursor = (parts: readonly (string | number)[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodeCursor(cursor: string | null | undefined): unknown[] | null {
  if (!cursor) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parts)) return parts;
  } catch {
    // fall through: a cursor we did not make
  }
  throw new RangeError('after: not a cursor from this API');
}

function page<T>(rows: T[], first: number, cursorOf: (row: T) => string): Page<T> {
  const nodes = rows.slice(0, first);
  const last = nodes.at(-1);
  return { nodes, endCursor: last ? cursorOf(last) : null, hasNextPage: rows.length > first };
}

const FILTERS: readonly [keyof MatchSearch, string, (v: never) => unknown][] = [
  ['family', 'family = ?', (v: string) => v],
  ['status', 'status = ?', (v: string) => v],
  ['kind', 'kind = ?', (v: string) => v],
  ['ranked', 'ranked = ?', (v: boolean) => (v ? 1 : 0)],
  ['disputed', 'disputed = ?', (v: boolean) => (v ? 1 : 0)],
  ['openedFrom', 'opened_at >= ?', (v: number) => v],
  ['openedTo', 'opened_at < ?', (v: number) => v],
  ['player', 'match_id IN (SELECT match_id FROM match_list_players WHERE account_id = ?)', (v: string) => v],
];

/** The queries the GraphQL read API serves, straight from the read database. */
export class ReadModels {
  constructor(private readonly db: ReadDb) {}

  /** Newest first; keyset pagination on (opened_at, match_id). */
  searchMatches(search: MatchSearch, first: number, after: string | null): Page<MatchRow> {
    const where: string[] = [];
    const args: unknown[] = [];
    for (const [key, clause, value] of FILTERS) {
      const given = search[key];
      if (given === undefined || given === null) continue;
      where.push(clause);
      args.push(value(given as never));
    }
    const cursor = decodeCursor(after);
    if (cursor) {
      where.push('(opened_at < ? OR (opened_at = ? AND match_id > ?))');
      args.push(cursor[0], cursor[0], cursor[1]);
    }
    const sql = `SELECT * FROM match_list ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY opened_at DESC, match_id LIMIT ?`;
    const rows = this.db.prepare(sql).all(...args, first + 1) as MatchRow[];
    return page(rows, first, (row) => encodeCursor([row.opened_at, row.match_id]));
  }

  private entries(matchId: string): AuditEntry[] {
    const rows = this.db.prepare('SELECT idx, type, actor, command_id, at, outcome, data FROM audit_entries WHERE match_id = ? ORDER BY idx').all(matchId) as {
      idx: number; type: string; actor: string | null; command_id: string | null; at: number; outcome: string; data: string;
    }[];
    return rows.map((r) => ({ index: r.idx, type: r.type, actor: r.actor, commandId: r.command_id, at: r.at, outcome: r.outcome, data: JSON.parse(r.data) as unknown }));
  }

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

  leaderboard(family: string, first: number, after: string | null): Page<RatingRow> {
    const cursor = decodeCursor(after);
    const rows = (
      cursor
        ? this.db.prepare('SELECT * FROM ratings WHERE family = ? AND (display < ? OR (display = ? AND account > ?)) ORDER BY display DESC, account LIMIT ?').all(family, cursor[0], cursor[0], cursor[1], first + 1)
        : this.db.prepare('SELECT * FROM ratings WHERE family = ? ORDER BY display DESC, account LIMIT ?').all(family, first + 1)
    ) as RatingRow[];
    return page(rows, first, (row) => encodeCursor([row.display, row.account]));
  }

  ratingHistory(account: string, family: string, first: number, after: string | null): Page<HistoryRow> {
    const cursor = decodeCursor(after);
    const rows = this.db.prepare('SELECT * FROM rating_history WHERE account = ? AND family = ? AND seq > ? ORDER BY seq LIMIT ?').all(account, family, cursor?.[0] ?? '', first + 1) as HistoryRow[];
    return page(rows, first, (row) => encodeCursor([row.seq]));
  }

  /** Counter rows `key -> {field: value}` of a counter table, for one leading key (or all). */
  counters(table: 'player_stats' | 'global_stats' | 'tutorial_progress', where: Record<string, string>): Map<string, Record<string, number>> {
    const keys = Object.keys(where);
    const sql = `SELECT * FROM ${table} ${keys.length ? `WHERE ${keys.map((k) => `${k} = ?`).join(' AND ')}` : ''}`;
    const rows = this.db.prepare(sql).all(...Object.values(where)) as Record<string, string | number>[];
    const out = new Map<string, Record<string, number>>();
    for (const row of rows) {
      const { field, value, ...key } = row;
      const id = Object.values(key).join('|');
      out.set(id, { ...(out.get(id) ?? {}), [String(field)]: Number(value) });
    }
    return out;
  }
}

export interface RatingRow {
  family: string;
  account: string;
  name: string;
  mu: number;
  sigma: number;
  matches: number;
  display: number;
}

export interface HistoryRow {
  family: string;
  account: string;
  seq: string;
  match_id: string;
  at: number;
  place: number;
  display_before: number;
  display_after: number;
  mu_after: number;
  sigma_after: number;
}
