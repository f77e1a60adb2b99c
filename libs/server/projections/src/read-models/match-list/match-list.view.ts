import { type ListedSeat, type MatchListEntry, withRosterNames } from '@liars-dice/game-projections';
import type { MatchKind, MatchStatus } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import { iso } from '@liars-dice/server-platform';
import type { MatchRow } from './match-list.queries';
import type { MatchSummaryView } from './match-list.types';

export function matchSummaryView(row: MatchRow): MatchSummaryView {
  const named = withRosterNames({ players: JSON.parse(row.players) as (string | null)[], seats: JSON.parse(row.seats) as ListedSeat[] });
  return {
    id: row.match_id,
    family: row.family as Ruleset,
    kind: row.kind as MatchKind,
    ranked: row.ranked === 1,
    status: row.status as MatchStatus,
    disputed: row.disputed === 1,
    hadDispute: row.had_dispute === 1,
    ruling: row.ruling,
    voided: row.voided === 1,
    host: row.host,
    players: named.players,
    seats: named.seats,
    freeSeats: row.free_seats,
    winner: row.winner,
    openedAt: iso(row.opened_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    rounds: row.rounds,
    idleSince: row.idle_since,
    lobbyIdleSeconds: row.lobby_idle_seconds,
  };
}

/** A pushed row (match-list.changes.ts) as the list shows it: the same fields as a read row, no account ids. */
export function summaryOfEntry(entry: MatchListEntry): MatchSummaryView {
  return {
    id: entry.matchId,
    family: entry.family,
    kind: entry.kind,
    ranked: entry.ranked,
    status: entry.status,
    disputed: entry.disputed,
    hadDispute: entry.hadDispute,
    ruling: entry.ruling,
    voided: entry.voided,
    host: entry.host,
    players: [...entry.players],
    seats: [...entry.seats],
    freeSeats: entry.freeSeats,
    winner: entry.winner,
    openedAt: iso(entry.openedAt) ?? '',
    startedAt: iso(entry.startedAt),
    finishedAt: iso(entry.finishedAt),
    rounds: entry.rounds,
    idleSince: entry.idleSince,
    lobbyIdleSeconds: entry.lobbyIdleSeconds,
  };
}
