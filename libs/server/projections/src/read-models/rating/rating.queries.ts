import { Injectable } from '@nestjs/common';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import { ReadDatabase } from '../../read-connection';

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

/** The ladders: best displayed rating first (keyset on display, account), and each player's history. */
@Injectable()
export class RatingQueries {
  constructor(private readonly read: ReadDatabase) {}

  leaderboard(family: string, first: number, after: string | null): Page<RatingRow> {
    const cursor = decodeCursor(after, ['number', 'string'] as const);
    const db = this.read.db;
    const rows = (
      cursor
        ? db.prepare('SELECT * FROM ratings WHERE family = ? AND (display < ? OR (display = ? AND account > ?)) ORDER BY display DESC, account LIMIT ?').all(family, cursor[0], cursor[0], cursor[1], first + 1)
        : db.prepare('SELECT * FROM ratings WHERE family = ? ORDER BY display DESC, account LIMIT ?').all(family, first + 1)
    ) as RatingRow[];
    return pageOf(rows, first, (row) => [row.display, row.account]);
  }

  ratingHistory(account: string, family: string, first: number, after: string | null): Page<HistoryRow> {
    const cursor = decodeCursor(after, ['string'] as const);
    const rows = this.read.db
      .prepare('SELECT * FROM rating_history WHERE account = ? AND family = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(account, family, cursor?.[0] ?? '', first + 1) as HistoryRow[];
    return pageOf(rows, first, (row) => [row.seq]);
  }

  /**
   * A player's whole rating history in a family thinned to at most `points` changes for a chart: every k-th change
   * from the first (k = ⌈changes / points⌉), and always the latest, oldest first.
   */
  trend(account: string, family: string, points: number): HistoryRow[] {
    return this.read.db
      .prepare(
        `SELECT * FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY seq) - 1 AS i, COUNT(*) OVER () AS total FROM rating_history WHERE account = ? AND family = ?)
         WHERE i % ((total + ? - 1) / ?) = 0 OR i = total - 1 ORDER BY seq`,
      )
      .all(account, family, points, points) as HistoryRow[];
  }

  /** Players on a family's ladder. */
  rated(family: string): number {
    return this.read.db.prepare('SELECT COUNT(*) FROM ratings WHERE family = ?').pluck().get(family) as number;
  }
}
