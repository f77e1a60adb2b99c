import { Injectable } from '@nestjs/common';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import { ReadDatabase } from '../../read-connection';

export interface LogRow {
  seq: string;
  at: number;
  moderator_id: string;
  moderator_name: string;
  action: string;
  dispute_id: string | null;
  match_id: string | null;
  sanction_id: string | null;
  reason: string | null;
  details: string;
}

/** The moderation log, newest first: every entry, or those about one account. */
@Injectable()
export class ModerationLogQueries {
  constructor(private readonly read: ReadDatabase) {}

  entries(about: string | null, first: number, after: string | null): Page<LogRow> {
    const cursor = decodeCursor(after, ['string'] as const);
    const before = cursor?.[0] ?? '~';
    const rows = (
      about === null
        ? this.read.db.prepare('SELECT * FROM moderation_log WHERE seq < ? ORDER BY seq DESC LIMIT ?').all(before, first + 1)
        : this.read.db
            .prepare('SELECT l.* FROM moderation_log_subjects s JOIN moderation_log l ON l.seq = s.seq WHERE s.account = ? AND s.seq < ? ORDER BY s.seq DESC LIMIT ?')
            .all(about, before, first + 1)
    ) as LogRow[];
    return pageOf(rows, first, (row) => [row.seq]);
  }
}
