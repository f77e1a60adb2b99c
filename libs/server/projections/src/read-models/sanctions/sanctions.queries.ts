import { Injectable } from '@nestjs/common';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import { ReadDatabase } from '../../read-connection';

export interface SanctionRow {
  sanction_id: string;
  account: string;
  name: string;
  kind: string;
  days: number | null;
  until: number | null;
  reason: string;
  moderator_id: string;
  moderator_name: string;
  dispute_id: string | null;
  at: number;
  lifted_at: number | null;
  lifted_by_id: string | null;
  lifted_by_name: string | null;
  lift_reason: string | null;
}

/** Sanctions by account (or everyone's), newest first; `active` keeps those in force at `now`. */
@Injectable()
export class SanctionsQueries {
  constructor(private readonly read: ReadDatabase) {}

  list(account: string | null, active: { readonly now: number } | null, first: number, after: string | null): Page<SanctionRow> {
    const cursor = decodeCursor(after, ['number', 'string'] as const);
    const now = active ? active.now : null;
    const [at, id] = cursor ?? [null, ''];
    const rows = this.read.db
      .prepare(
        `SELECT * FROM sanctions WHERE (? IS NULL OR account = ?)
          AND (? IS NULL OR (lifted_at IS NULL AND (until IS NULL OR until > ?)))
          AND (? IS NULL OR at < ? OR (at = ? AND sanction_id > ?))
          ORDER BY at DESC, sanction_id LIMIT ?`,
      )
      .all(account, account, now, now, at, at, at, id, first + 1) as SanctionRow[];
    return pageOf(rows, first, (row) => [row.at, row.sanction_id]);
  }
}
