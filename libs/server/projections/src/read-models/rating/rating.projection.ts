import {
  displayRating,
  NEW_PLAYER,
  type PlayerRating,
  rankedResult,
  type RankedResult,
  rateResult,
  type RatingChange,
  recomputeLadder,
} from '@liars-dice/game-projections';
import type { Applied, Projection } from '../../engine/projection';
import { positionKey, type ReadDb } from '../../read-database';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rating_results (
  family TEXT NOT NULL, match_id TEXT NOT NULL, seq TEXT NOT NULL, at INTEGER NOT NULL, placements TEXT NOT NULL,
  names TEXT NOT NULL, voided INTEGER NOT NULL DEFAULT 0, held INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (family, match_id)
);
CREATE TABLE IF NOT EXISTS ratings (
  family TEXT NOT NULL, account TEXT NOT NULL, name TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
  matches INTEGER NOT NULL, display INTEGER NOT NULL, PRIMARY KEY (family, account)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (family, display DESC, account);
CREATE TABLE IF NOT EXISTS rating_history (
  family TEXT NOT NULL, account TEXT NOT NULL, seq TEXT NOT NULL, match_id TEXT NOT NULL, at INTEGER NOT NULL, place INTEGER NOT NULL,
  mu_before REAL NOT NULL, sigma_before REAL NOT NULL, display_before INTEGER NOT NULL,
  mu_after REAL NOT NULL, sigma_after REAL NOT NULL, display_after INTEGER NOT NULL, PRIMARY KEY (family, account, seq)
) WITHOUT ROWID;`;

interface ResultRow {
  match_id: string;
  seq: string;
  at: number;
  placements: string;
  names: string;
}

/**
 * The ranked ladders (one per family). Each ranked result is kept in `rating_results`; ratings move by one
 * result at a time. A voided result is taken out (and a restored one put back) by recomputing the family from
 * its counting results in log order, which gives exactly the numbers of a log that never had the match (or
 * never lost it). A match that finishes while a dispute filed during play is open is held out until a ruling.
 */
export class RatingProjection implements Projection {
  readonly name = 'rating';
  readonly tables = ['rating_results', 'ratings', 'rating_history'];
  private readonly statements;

  constructor(private readonly db: ReadDb) {
    db.exec(SCHEMA);
    this.statements = {
      addResult: db.prepare('INSERT OR REPLACE INTO rating_results VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      setVoided: db.prepare('UPDATE rating_results SET voided = ? WHERE match_id = ?'),
      release: db.prepare('UPDATE rating_results SET held = 0 WHERE match_id = ? AND held = 1'),
      familiesOf: db.prepare('SELECT family FROM rating_results WHERE match_id = ?').pluck(),
      results: db.prepare('SELECT match_id, seq, at, placements, names FROM rating_results WHERE family = ? AND voided = 0 AND held = 0 ORDER BY seq'),
      rating: db.prepare('SELECT mu, sigma, matches FROM ratings WHERE family = ? AND account = ?'),
      setRating: db.prepare('INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)'),
      addHistory: db.prepare('INSERT OR REPLACE INTO rating_history VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      clearRatings: db.prepare('DELETE FROM ratings WHERE family = ?'),
      clearHistory: db.prepare('DELETE FROM rating_history WHERE family = ?'),
    };
  }

  apply({ event: { event, matchId, at }, before, position }: Applied): void {
    if (!before) return;
    if (event.type === 'MatchVoided') return this.setVoided(matchId, true);
    if (event.type === 'MatchUnvoided') return this.setVoided(matchId, false);
    if (event.type === 'DisputeResolved') return this.release(matchId);
    if (event.type !== 'MatchFinished') return;
    const result = rankedResult(before, event.data.placements, at);
    if (!result) return;
    const names = Object.fromEntries(before.seats.flatMap((s) => (s.holder ? [[s.holder.id, s.holder.name]] : [])));
    const seq = positionKey(position);
    // A result that arrives void, or while a dispute filed during play waits for its ruling, is kept aside.
    const held = before.disputed;
    this.statements.addResult.run(result.family, result.matchId, seq, result.at, JSON.stringify(result.placements), JSON.stringify(names), before.voided ? 1 : 0, held ? 1 : 0);
    if (before.voided || held) return;
    const current = (account: string) => this.statements.rating.get(result.family, account) as PlayerRating | undefined;
    this.write(result.family, seq, rateResult(current, result), names);
  }

  /** Takes a match's result off its ladder (voided) or puts it back (restored on appeal), recomputing that family. */
  setVoided(matchId: string, voided: boolean): void {
    const families = this.statements.familiesOf.all(matchId) as string[];
    this.statements.setVoided.run(voided ? 1 : 0, matchId);
    for (const family of families) this.recompute(family);
  }

  /** A ruling came: a result held since it finished under dispute enters its ladder, in its place in the log. */
  release(matchId: string): void {
    if (this.statements.release.run(matchId).changes === 0) return;
    for (const family of this.statements.familiesOf.all(matchId) as string[]) this.recompute(family);
  }

  /** Recomputes a family's ladder and histories from its remaining results, in log order. */
  recompute(family: string): void {
    this.statements.clearRatings.run(family);
    this.statements.clearHistory.run(family);
    const rows = this.statements.results.all(family) as ResultRow[];
    const seqs = new Map(rows.map((row) => [row.match_id, row.seq]));
    const names: Record<string, string> = Object.assign({}, ...rows.map((row) => JSON.parse(row.names) as Record<string, string>));
    const results: RankedResult[] = rows.map((row) => ({ matchId: row.match_id, family, at: row.at, placements: JSON.parse(row.placements) as string[][] }));
    const ladder = recomputeLadder(results);
    for (const change of ladder.history) this.history(family, seqs.get(change.matchId) ?? '', change);
    for (const [account, rating] of ladder.ratings) this.rating(family, account, names[account] ?? account, rating);
  }

  private write(family: string, seq: string, changes: readonly RatingChange[], names: Record<string, string>): void {
    for (const change of changes) {
      this.history(family, seq, change);
      this.rating(family, change.account, names[change.account] ?? change.account, change.after);
    }
  }

  private rating(family: string, account: string, name: string, r: PlayerRating): void {
    this.statements.setRating.run(family, account, name, r.mu, r.sigma, r.matches, displayRating(r));
  }

  private history(family: string, seq: string, c: RatingChange): void {
    const b = c.before ?? NEW_PLAYER;
    this.statements.addHistory.run(family, c.account, seq, c.matchId, c.at, c.place, b.mu, b.sigma, displayRating(b), c.after.mu, c.after.sigma, displayRating(c.after));
  }
}
