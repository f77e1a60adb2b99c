import { Injectable } from '@nestjs/common';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import type { MatchKind, MatchStatus } from '@liars-dice/game-match';
import type { MatchListEntry } from '@liars-dice/game-projections';
import { ReadDatabase } from '../../read-connection';

/** The list's filter, checked: every field given must hold. */
export interface MatchSearch {
  readonly family?: string | null;
  readonly status?: MatchStatus | null;
  readonly kind?: MatchKind | null;
  readonly ranked?: boolean | null;
  readonly disputed?: boolean | null;
  readonly hadDispute?: boolean | null;
  readonly ruling?: MatchListEntry['ruling'];
  /** Account ids the match must involve (the `player` filter and the caller's own for `mine`). */
  readonly players?: readonly string[];
  readonly open?: boolean | null;
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
  /** JSON: the row's `ListedSeat`s. */
  seats: string;
  free_seats: number;
  winner: string | null;
  opened_at: number;
  started_at: number | null;
  finished_at: number | null;
  rounds: number;
  idle_since: number | null;
  lobby_idle_seconds: number | null;
  had_dispute: number;
  ruling: MatchListEntry['ruling'];
}

const flag = (v: boolean | null | undefined): number | null => (v === undefined || v === null ? null : v ? 1 : 0);

/** A WHERE clause and its arguments. */
type Condition = readonly [sql: string, ...args: unknown[]];

function conditions(search: MatchSearch): Condition[] {
  const equal: [string, unknown][] = [
    ['family', search.family],
    ['status', search.status],
    ['kind', search.kind],
    ['ranked', flag(search.ranked)],
    ['disputed', flag(search.disputed)],
    ['had_dispute', flag(search.hadDispute)],
    ['ruling', search.ruling],
  ];
  const where: Condition[] = equal.filter(([, value]) => value !== undefined && value !== null).map(([column, value]) => [`${column} = ?`, value]);
  if (search.openedFrom !== undefined && search.openedFrom !== null) where.push(['opened_at >= ?', search.openedFrom]);
  if (search.openedTo !== undefined && search.openedTo !== null) where.push(['opened_at < ?', search.openedTo]);
  if (search.open) where.push(["status = 'lobby' AND free_seats > 0"]);
  for (const player of search.players ?? []) where.push(['match_id IN (SELECT match_id FROM match_list_players WHERE account_id = ?)', player]);
  return where;
}

/** The match list, newest first; keyset pagination on (opened_at, match_id). */
@Injectable()
export class MatchListQueries {
  constructor(private readonly read: ReadDatabase) {}

  search(search: MatchSearch, first: number, after: string | null): Page<MatchRow> {
    const where = conditions(search);
    const cursor = decodeCursor(after, ['number', 'string'] as const);
    if (cursor) where.push(['(opened_at < ? OR (opened_at = ? AND match_id > ?))', cursor[0], cursor[0], cursor[1]]);
    const clause = where.length ? `WHERE ${where.map(([sql]) => sql).join(' AND ')}` : '';
    const args = where.flatMap(([, ...values]) => values);
    const rows = this.read.db.prepare(`SELECT * FROM match_list ${clause} ORDER BY opened_at DESC, match_id LIMIT ?`).all(...args, first + 1) as MatchRow[];
    return pageOf(rows, first, (row) => [row.opened_at, row.match_id]);
  }
}
