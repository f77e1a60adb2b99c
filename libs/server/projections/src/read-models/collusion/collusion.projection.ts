import { addCounts, EMPTY_TALLY, evidenceOf, type MatchEvidence, NO_COUNTS, type PairCounts, type RoundView, type SeatTally, tallyEvent } from '@liars-dice/game-collusion';
import { isEngineEvent } from '@liars-dice/game-match';
import { countsForStats, type MatchFacts, wildNow } from '@liars-dice/game-projections';
import type { Applied, Projection } from '../../engine/projection';
import type { ReadDb } from '../../read-database';

const COUNTS = 'opportunities INTEGER NOT NULL, challenges INTEGER NOT NULL, raises INTEGER NOT NULL, soft_raises INTEGER NOT NULL, losses INTEGER NOT NULL';
const SIDES = ['a', 'b'].flatMap((side) => ['opportunities', 'challenges', 'raises', 'soft_raises', 'losses'].map((c) => `${side}_${c} INTEGER NOT NULL`)).join(', ');

const SCHEMA = `
CREATE TABLE IF NOT EXISTS collusion_live (match_id TEXT PRIMARY KEY, tally TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS collusion_pairs (actor TEXT NOT NULL, bidder TEXT NOT NULL, ${COUNTS}, PRIMARY KEY (actor, bidder)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS collusion_shared (a TEXT NOT NULL, b TEXT NOT NULL, matches INTEGER NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS collusion_players (account TEXT PRIMARY KEY, name TEXT NOT NULL, matches INTEGER NOT NULL, opponents INTEGER NOT NULL, ${SIDES});
CREATE TABLE IF NOT EXISTS collusion_population (id INTEGER PRIMARY KEY CHECK (id = 1), matches INTEGER NOT NULL, seats INTEGER NOT NULL, ${COUNTS});`;

const values = (c: PairCounts) => [c.opportunities, c.challenges, c.raises, c.softRaises, c.losses];
const ADD_COUNTS = 'opportunities = opportunities + excluded.opportunities, challenges = challenges + excluded.challenges, raises = raises + excluded.raises, soft_raises = soft_raises + excluded.soft_raises, losses = losses + excluded.losses';
const ADD_SIDES = ['a', 'b'].flatMap((side) => ['opportunities', 'challenges', 'raises', 'soft_raises', 'losses'].map((c) => `${side}_${c} = ${side}_${c} + excluded.${side}_${c}`)).join(', ');

/** The round in play as the tally reads it, from the read side's match facts (the same numbers as the engine's). */
function roundViewOf(facts: MatchFacts): RoundView | null {
  if (!facts.round) return null;
  const dice = Object.fromEntries(Object.entries(facts.round.dice).map(([seat, hand]) => [seat, hand.length]));
  return { wild: wildNow(facts), palifico: facts.round.palifico, revolver: facts.ruleset === 'revolver', dice };
}

/**
 * The collusion ledger (libs/game/collusion, docs/moderation.md): each live ranked match's seat tally (kept
 * per match, so a restart resumes it), and, once a match finishes, its evidence added to the pair, player and
 * population sums the signals are computed from when read.
 */
export class CollusionProjection implements Projection {
  readonly name = 'collusion';
  readonly tables = ['collusion_live', 'collusion_pairs', 'collusion_shared', 'collusion_players', 'collusion_population'];
  private readonly live = new Map<string, SeatTally>();
  private readonly touched = new Set<string>();
  private readonly statements;

  constructor(db: ReadDb) {
    db.exec(SCHEMA);
    this.statements = {
      tally: db.prepare('SELECT tally FROM collusion_live WHERE match_id = ?').pluck(),
      setTally: db.prepare('INSERT OR REPLACE INTO collusion_live VALUES (?, ?)'),
      dropTally: db.prepare('DELETE FROM collusion_live WHERE match_id = ?'),
      pair: db.prepare(`INSERT INTO collusion_pairs VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (actor, bidder) DO UPDATE SET ${ADD_COUNTS}`),
      shared: db.prepare('INSERT INTO collusion_shared VALUES (?, ?, 1) ON CONFLICT (a, b) DO UPDATE SET matches = matches + 1'),
      player: db.prepare(`INSERT INTO collusion_players VALUES (?, ?, ?, ?, ${Array(10).fill('?').join(', ')})
        ON CONFLICT (account) DO UPDATE SET name = excluded.name, matches = matches + excluded.matches, opponents = opponents + excluded.opponents, ${ADD_SIDES}`),
      population: db.prepare(`INSERT INTO collusion_population VALUES (1, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET matches = matches + excluded.matches, seats = seats + excluded.seats, ${ADD_COUNTS}`),
    };
  }

  apply({ event, before }: Applied): void {
    if (!before || !countsForStats(before) || !isEngineEvent(event.event)) return;
    const { matchId } = event;
    const tally = tallyEvent(this.tallyOf(matchId), event.event, roundViewOf(before));
    if (event.event.type !== 'MatchFinished') {
      this.live.set(matchId, tally);
      this.touched.add(matchId);
      return;
    }
    const accounts = Object.fromEntries(before.seats.flatMap((s) => (s.holder ? [[s.seat, s.holder.id]] : [])));
    const names = new Map(before.seats.flatMap((s) => (s.holder ? [[s.holder.id, s.holder.name] as const] : [])));
    this.add(evidenceOf(tally, accounts, before.seats.map((s) => s.seat)), names);
    this.live.delete(matchId);
    this.touched.delete(matchId);
    this.statements.dropTally.run(matchId);
  }

  flush(): void {
    for (const matchId of this.touched) this.statements.setTally.run(matchId, JSON.stringify(this.live.get(matchId) ?? EMPTY_TALLY));
    this.touched.clear();
  }

  discard(): void {
    this.live.clear();
    this.touched.clear();
  }

  private tallyOf(matchId: string): SeatTally {
    const cached = this.live.get(matchId);
    if (cached) return cached;
    const stored = this.statements.tally.get(matchId) as string | undefined;
    return stored ? (JSON.parse(stored) as SeatTally) : EMPTY_TALLY;
  }

  private add(evidence: MatchEvidence, names: ReadonlyMap<string, string>): void {
    const { accounts, pairs } = evidence;
    if (accounts.length < 2) return;
    let total = NO_COUNTS;
    for (const { actor, bidder, counts } of pairs) {
      this.statements.pair.run(actor, bidder, ...values(counts));
      total = addCounts(total, counts);
    }
    for (const [i, a] of accounts.entries()) for (const b of accounts.slice(i + 1)) this.statements.shared.run(...(a < b ? [a, b] : [b, a]));
    for (const account of accounts) {
      const asActor = pairs.filter((p) => p.actor === account).reduce((sum, p) => addCounts(sum, p.counts), NO_COUNTS);
      const asBidder = pairs.filter((p) => p.bidder === account).reduce((sum, p) => addCounts(sum, p.counts), NO_COUNTS);
      this.statements.player.run(account, names.get(account) ?? account, 1, accounts.length - 1, ...values(asActor), ...values(asBidder));
    }
    this.statements.population.run(1, accounts.length, ...values(total));
  }
}
