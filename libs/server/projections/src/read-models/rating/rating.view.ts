import { iso } from '@liars-dice/server-platform';
import type { HistoryRow, RatingRow } from './rating.queries';
import type { LeaderboardEntryView, RatingChangeView } from './rating.types';

export function leaderboardView(row: RatingRow): LeaderboardEntryView {
  return { family: row.family, player: row.account, name: row.name, rating: row.display, mu: row.mu, sigma: row.sigma, matches: row.matches };
}

export function ratingChangeView(row: HistoryRow): RatingChangeView {
  return { matchId: row.match_id, at: iso(row.at) ?? '', place: row.place, before: row.display_before, after: row.display_after, mu: row.mu_after, sigma: row.sigma_after };
}
