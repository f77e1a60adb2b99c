import { ordinal, rate, rating } from 'openskill';
import { accountOn } from '@liars-dice/game-match';
import type { MatchFacts } from './match-facts';

/** A ranked match's result: account ids by final placement, best first; a group shares its place (ties). */
export interface RankedResult {
  readonly matchId: string;
  readonly family: string;
  readonly at: number;
  readonly placements: readonly (readonly string[])[];
}

export interface PlayerRating {
  readonly mu: number;
  readonly sigma: number;
  readonly matches: number;
}

/** One entry of a player's rating history: one ranked result. */
export interface RatingChange {
  readonly account: string;
  readonly matchId: string;
  readonly at: number;
  readonly place: number;
  readonly before: PlayerRating;
  readonly after: PlayerRating;
}

const START = rating();
export const NEW_PLAYER: PlayerRating = { mu: START.mu, sigma: START.sigma, matches: 0 };

/** The number shown on the leaderboard: the conservative estimate (mu − 3σ), scaled; a newcomer shows 1500. */
export function displayRating(r: Pick<PlayerRating, 'mu' | 'sigma'>): number {
  return Math.round(1500 + 60 * ordinal(r));
}

/**
 * The result a finished ranked, regular match enters on its family's ladder: seats mapped to their accounts
 * by final placement only (eliminations made never count). Null when fewer than two humans can be rated.
 */
export function rankedResult(facts: MatchFacts, placements: readonly (readonly string[])[], at: number): RankedResult | null {
  if (!facts.ranked || facts.kind !== 'regular') return null;
  const groups = placements
    .map((group) => group.map((seat) => accountOn(facts, seat)?.id).filter((id): id is string => id !== undefined))
    .filter((group) => group.length > 0);
  if (groups.flat().length < 2) return null;
  return { matchId: facts.matchId, family: facts.ruleset, at, placements: groups };
}

/** Rates one result against the current ratings (Plackett–Luce, one-player teams, shared ranks for ties). */
export function rateResult(current: (account: string) => PlayerRating | undefined, result: RankedResult): RatingChange[] {
  const players: { account: string; place: number; before: PlayerRating }[] = [];
  let place = 1;
  for (const group of result.placements) {
    for (const account of group) players.push({ account, place, before: current(account) ?? NEW_PLAYER });
    place += group.length;
  }
  const rated = rate(
    players.map((p) => [{ mu: p.before.mu, sigma: p.before.sigma }]),
    { rank: players.map((p) => p.place) },
  );
  return players.map((p, i) => {
    const after = rated[i]?.[0] ?? p.before;
    return { account: p.account, matchId: result.matchId, at: result.at, place: p.place, before: p.before, after: { mu: after.mu, sigma: after.sigma, matches: p.before.matches + 1 } };
  });
}

export interface Ladder {
  readonly ratings: ReadonlyMap<string, PlayerRating>;
  readonly history: readonly RatingChange[];
}

/** One family's ladder from its results in order: the same numbers however often it is recomputed. */
export function recomputeLadder(results: Iterable<RankedResult>): Ladder {
  const ratings = new Map<string, PlayerRating>();
  const history: RatingChange[] = [];
  for (const result of results) {
    for (const change of rateResult((account) => ratings.get(account), result)) {
      ratings.set(change.account, change.after);
      history.push(change);
    }
  }
  return { ratings, history };
}
