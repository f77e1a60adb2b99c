import { addCounts, NO_COUNTS, type PairCounts } from './counts';
import type { MatchEvidence } from './evidence';

/** A player's sums over every ranked match they were scored in. */
export interface PlayerTotals {
  readonly matches: number;
  /** Σ over their matches of the other scored players at the table: their chances to meet anyone. */
  readonly opponents: number;
  /** Their answers to everyone's bids. */
  readonly asActor: PairCounts;
  /** Everyone's answers to their bids. */
  readonly asBidder: PairCounts;
}

export const NO_TOTALS: PlayerTotals = { matches: 0, opponents: 0, asActor: NO_COUNTS, asBidder: NO_COUNTS };

export interface PopulationTotals {
  readonly matches: number;
  /** Σ over matches of the scored players at the table. */
  readonly seats: number;
  /** Everyone's answers to everyone's bids. */
  readonly answers: PairCounts;
}

/**
 * What the signal formulas read. The in-memory ledger below implements it for the simulation and tests;
 * the server's projection keeps the same sums in its read database and implements it with queries.
 */
export interface LedgerReader {
  /** actor's answers to bidder's bids. */
  pair(actor: string, bidder: string): PairCounts;
  /** Ranked matches both sat in. */
  shared(a: string, b: string): number;
  player(id: string): PlayerTotals;
  population(): PopulationTotals;
}

/** The key of an unordered pair: the smaller id first. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0001${b}` : `${b}\u0001${a}`;
}

/** A ledger's sums as a store keeps them (the server's read model), to read them back into a ledger. */
export interface LedgerSums {
  readonly pairs: Iterable<readonly [actor: string, bidder: string, counts: PairCounts]>;
  readonly shared: Iterable<readonly [a: string, b: string, matches: number]>;
  readonly players: Iterable<readonly [id: string, totals: PlayerTotals]>;
  readonly population: PopulationTotals;
}

/** The sums of every match added so far; each `add` is a reducer step over one match's evidence. */
export class CollusionLedger implements LedgerReader {
  private readonly pairs = new Map<string, PairCounts>();
  private readonly together = new Map<string, number>();
  private readonly players = new Map<string, PlayerTotals>();
  private totals: PopulationTotals = { matches: 0, seats: 0, answers: NO_COUNTS };

  /** A ledger holding sums kept elsewhere. */
  static of(sums: LedgerSums): CollusionLedger {
    const ledger = new CollusionLedger();
    for (const [actor, bidder, counts] of sums.pairs) ledger.pairs.set(`${actor}\u0001${bidder}`, counts);
    for (const [a, b, matches] of sums.shared) ledger.together.set(pairKey(a, b), matches);
    for (const [id, totals] of sums.players) ledger.players.set(id, totals);
    ledger.totals = sums.population;
    return ledger;
  }

  add(evidence: MatchEvidence): this {
    const { accounts } = evidence;
    if (accounts.length < 2) return this;
    this.totals = { matches: this.totals.matches + 1, seats: this.totals.seats + accounts.length, answers: this.totals.answers };
    for (const id of accounts) {
      const before = this.player(id);
      this.players.set(id, { ...before, matches: before.matches + 1, opponents: before.opponents + accounts.length - 1 });
    }
    for (let i = 0; i < accounts.length; i++) {
      for (let j = i + 1; j < accounts.length; j++) {
        const key = pairKey(accounts[i] as string, accounts[j] as string);
        this.together.set(key, (this.together.get(key) ?? 0) + 1);
      }
    }
    for (const { actor, bidder, counts } of evidence.pairs) {
      const key = `${actor}\u0001${bidder}`;
      this.pairs.set(key, addCounts(this.pairs.get(key) ?? NO_COUNTS, counts));
      const a = this.player(actor);
      this.players.set(actor, { ...a, asActor: addCounts(a.asActor, counts) });
      const b = this.player(bidder);
      this.players.set(bidder, { ...b, asBidder: addCounts(b.asBidder, counts) });
      this.totals = { ...this.totals, answers: addCounts(this.totals.answers, counts) };
    }
    return this;
  }

  pair(actor: string, bidder: string): PairCounts {
    return this.pairs.get(`${actor}\u0001${bidder}`) ?? NO_COUNTS;
  }

  shared(a: string, b: string): number {
    return this.together.get(pairKey(a, b)) ?? 0;
  }

  player(id: string): PlayerTotals {
    return this.players.get(id) ?? NO_TOTALS;
  }

  population(): PopulationTotals {
    return this.totals;
  }

  /** Every pair that shared at least one match, each once (smaller id first). */
  pairsTogether(): [string, string][] {
    return [...this.together.keys()].map((key) => key.split('\u0001') as [string, string]);
  }
}
