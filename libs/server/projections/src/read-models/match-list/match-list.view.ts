import type { MatchKind, MatchStatus } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import { iso } from '../iso-time';
import type { MatchRow } from './match-list.queries';
import type { MatchSummaryView } from './match-list.types';

export function matchSummaryView(row: MatchRow): MatchSummaryView {
  return {
    id: row.match_id,
    family: row.family as Ruleset,
    kind: row.kind as MatchKind,
    ranked: row.ranked === 1,
    status: row.status as MatchStatus,
    disputed: row.disputed === 1,
    voided: row.voided === 1,
    host: row.host,
    players: JSON.parse(row.players) as (string | null)[],
    freeSeats: row.free_seats,
    winner: row.winner,
    openedAt: iso(row.opened_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    rounds: row.rounds,
  };
}
