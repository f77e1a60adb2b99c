import { ALL, rate } from '@liars-dice/game-projections';
import type { HistoryRow, MatchRow, RatingRow } from '../read-models';
import type { GlobalStatsView, LeaderboardEntryView, MatchListEntryView, PlayerStatsView, RatingChangeView, TutorialProgressView } from './read.types';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function matchEntryView(row: MatchRow): MatchListEntryView {
  return {
    id: row.match_id,
    family: row.family,
    kind: row.kind,
    ranked: row.ranked === 1,
    status: row.status,
    disputed: row.disputed === 1,
    voided: row.voided === 1,
    host: row.host,
    players: JSON.parse(row.players) as (string | null)[],
    winner: row.winner,
    openedAt: iso(row.opened_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    rounds: row.rounds,
  };
}

export function leaderboardView(row: RatingRow): LeaderboardEntryView {
  return { player: row.account, name: row.name, rating: row.display, mu: row.mu, sigma: row.sigma, matches: row.matches };
}

export function ratingChangeView(row: HistoryRow): RatingChangeView {
  return { matchId: row.match_id, at: iso(row.at) ?? '', place: row.place, before: row.display_before, after: row.display_after, mu: row.mu_after, sigma: row.sigma_after };
}

type Counters = Record<string, number>;
const n = (c: Counters, field: string): number => c[field] ?? 0;

/** Families first in a fixed order, then the overall row. */
function byFamily<T>(rows: Map<string, Counters>, view: (family: string, c: Counters, key: string) => T, family: string | null): T[] {
  return [...rows]
    .map(([key, c]) => ({ key, family: key.split('|').at(-1) ?? ALL, c }))
    .filter((r) => !family || r.family === family)
    .sort((a, b) => (a.family === ALL ? 1 : 0) - (b.family === ALL ? 1 : 0) || a.family.localeCompare(b.family))
    .map((r) => view(r.family, r.c, r.key));
}

export function playerStatsViews(rows: Map<string, Counters>, family: string | null): PlayerStatsView[] {
  return byFamily(
    rows,
    (fam, c) => ({
      family: fam,
      matches: n(c, 'matches'),
      wins: n(c, 'wins'),
      placements: [1, 2, 3, 4, 5, 6].map((p) => n(c, `place${p}`)),
      averagePlace: rate(c['placeSum'], c['matches']),
      bids: n(c, 'bids'),
      challenges: n(c, 'challenges'),
      challengesWon: n(c, 'challengesWon'),
      bidsChallenged: n(c, 'bidsChallenged'),
      bidsHeld: n(c, 'bidsHeld'),
      bluffRate: rate(c['bluffs'], c['bids']),
      spotOnCalls: n(c, 'spotOnCalls'),
      spotOnAccuracy: rate(c['spotOnCorrect'], c['spotOnCalls']),
      shots: n(c, 'shots'),
      revolverSurvival: rate(c['shotsSurvived'], c['shots']),
      diceLost: n(c, 'diceLost'),
    }),
    family,
  );
}

export function globalStatsViews(rows: Map<string, Counters>, family: string | null): GlobalStatsView[] {
  return [...rows]
    .map(([key, c]) => {
      const [fam = ALL, size = ALL] = key.split('|');
      return { fam, size, c };
    })
    .filter((r) => !family || r.fam === family)
    .sort((a, b) => a.fam.localeCompare(b.fam) || a.size.localeCompare(b.size))
    .map(({ fam, size, c }) => ({
      family: fam,
      tableSize: size,
      matches: n(c, 'matches'),
      rounds: n(c, 'rounds'),
      openingBidHoldRate: rate(c['openingBidsHeld'], c['openingBids']),
      liarCallSuccessRate: rate(c['liarCallsRight'], c['liarCalls']),
      spotOnSuccessRate: rate(c['spotOnExact'], c['spotOnCalls']),
      fatalShotRate: rate(c['fatalShots'], c['shots']),
      timeouts: n(c, 'timeouts'),
    }));
}

export function tutorialViews(rows: Map<string, Counters>): TutorialProgressView[] {
  return byFamily(
    rows,
    (fam, c) => ({ family: fam, started: n(c, 'started'), finished: n(c, 'finished'), won: n(c, 'won'), rounds: n(c, 'rounds'), bids: n(c, 'bids'), challenges: n(c, 'challenges') }),
    null,
  );
}
