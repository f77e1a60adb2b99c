import { changesListEntry, matchListEntry } from '@liars-dice/game-projections';
import type { Projection } from '../../engine/projection';
import type { ReadDb } from '../../read-database';
import { MatchListChangeLog } from './match-list.changes';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS match_list (
  match_id TEXT PRIMARY KEY, family TEXT NOT NULL, kind TEXT NOT NULL, ranked INTEGER NOT NULL, status TEXT NOT NULL,
  disputed INTEGER NOT NULL, voided INTEGER NOT NULL, host TEXT NOT NULL, host_id TEXT NOT NULL, players TEXT NOT NULL,
  seats TEXT NOT NULL, free_seats INTEGER NOT NULL, winner TEXT, opened_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER,
  rounds INTEGER NOT NULL, idle_since INTEGER, lobby_idle_seconds INTEGER, had_dispute INTEGER NOT NULL, ruling TEXT
);
CREATE INDEX IF NOT EXISTS match_list_newest ON match_list (opened_at DESC, match_id);
CREATE TABLE IF NOT EXISTS match_list_players (
  account_id TEXT NOT NULL, match_id TEXT NOT NULL, PRIMARY KEY (account_id, match_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS match_list_players_by_match ON match_list_players (match_id);`;

/** The match-list projection also tells which rows it rewrote (what `matchListUpdated` pushes, ADR 0030). */
export interface MatchListProjection extends Projection {
  readonly changes: MatchListChangeLog;
}

/**
 * The match list: one row per match, rewritten only by lobby, start, finish and moderation events. A row holds
 * what the match is, not where in the log it last changed: a void and its undoing give back the very row.
 */
export const matchListProjection = (db: ReadDb): MatchListProjection => {
  db.exec(SCHEMA);
  const upsert = db.prepare(`INSERT OR REPLACE INTO match_list VALUES
    (@matchId, @family, @kind, @ranked, @status, @disputed, @voided, @host, @hostId, @players, @seats, @freeSeats, @winner, @openedAt, @startedAt, @finishedAt, @rounds, @idleSince, @lobbyIdleSeconds, @hadDispute, @ruling)`);
  // By match through its own index: the primary key leads with the account, so this was a scan of every match's rows.
  const clearPlayers = db.prepare('DELETE FROM match_list_players WHERE match_id = ?');
  const addPlayer = db.prepare('INSERT OR IGNORE INTO match_list_players VALUES (?, ?)');
  const changes = new MatchListChangeLog();
  return {
    name: 'match-list',
    changes,
    tables: ['match_list', 'match_list_players'],
    apply({ event, before, after, committedAt }) {
      if (!after || !changesListEntry(event)) return;
      const row = matchListEntry(after, committedAt);
      // The row before: its own commit time is not at hand, and need not be (a lobby's every list event moves its
      // expiry, so it changed anyway; any other row has no idle time).
      changes.record(before && matchListEntry(before, null), row);
      upsert.run({
        ...row,
        ranked: row.ranked ? 1 : 0,
        disputed: row.disputed ? 1 : 0,
        hadDispute: row.hadDispute ? 1 : 0,
        voided: row.voided ? 1 : 0,
        players: JSON.stringify(row.players),
        seats: JSON.stringify(row.seats),
      });
      clearPlayers.run(row.matchId);
      for (const account of row.accountIds) addPlayer.run(account, row.matchId);
    },
  };
};
