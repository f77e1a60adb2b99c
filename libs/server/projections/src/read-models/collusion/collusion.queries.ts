import { Injectable } from '@nestjs/common';
import { CollusionLedger, NO_COUNTS, type PairCounts, type PairSignals, rankPairs } from '@liars-dice/game-collusion';
import { decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import { ReadDatabase } from '../../read-connection';

type Row = Record<string, number | string>;

const countsOf = (row: Row, prefix = ''): PairCounts => ({
  opportunities: Number(row[`${prefix}opportunities`] ?? 0),
  challenges: Number(row[`${prefix}challenges`] ?? 0),
  raises: Number(row[`${prefix}raises`] ?? 0),
  softRaises: Number(row[`${prefix}soft_raises`] ?? 0),
  losses: Number(row[`${prefix}losses`] ?? 0),
});

interface Snapshot {
  readonly ledger: CollusionLedger;
  readonly names: ReadonlyMap<string, string>;
}

/** The ledger's sums as read at one moment, in the pure library's own ledger. */
function snapshotOf(db: ReadDatabase['db']): Snapshot {
  const players = db.prepare('SELECT * FROM collusion_players').all() as Row[];
  const population = db.prepare('SELECT * FROM collusion_population WHERE id = 1').get() as Row | undefined;
  const ledger = CollusionLedger.of({
    pairs: (db.prepare('SELECT * FROM collusion_pairs').all() as Row[]).map((row) => [String(row['actor']), String(row['bidder']), countsOf(row)] as const),
    shared: (db.prepare('SELECT * FROM collusion_shared').all() as Row[]).map((row) => [String(row['a']), String(row['b']), Number(row['matches'])] as const),
    players: players.map((row) => [String(row['account']), { matches: Number(row['matches']), opponents: Number(row['opponents']), asActor: countsOf(row, 'a_'), asBidder: countsOf(row, 'b_') }] as const),
    population: population ? { matches: Number(population['matches']), seats: Number(population['seats']), answers: countsOf(population) } : { matches: 0, seats: 0, answers: NO_COUNTS },
  });
  return { ledger, names: new Map(players.map((row) => [String(row['account']), String(row['name'])])) };
}

export interface RankedPair extends PairSignals {
  readonly aName: string;
  readonly bName: string;
}

/**
 * The collusion signals, computed when read from the ledger's sums (they depend on the whole population's
 * rates, so a new match moves every pair a little). The ranking is kept until the next finished match.
 */
@Injectable()
export class CollusionQueries {
  private cache: { readonly matches: number; readonly ranked: RankedPair[] } | null = null;

  constructor(private readonly read: ReadDatabase) {}

  /** Every pair that shared a ranked match, most suspicious first. */
  ranked(): readonly RankedPair[] {
    return this.current().ranked;
  }

  /** A page of the ranking at or above `minSuspicion` (keyset on suspicion, then the pair's ids). */
  suspiciousPairs(minSuspicion: number, first: number, after: string | null): Page<RankedPair> {
    const cursor = decodeCursor(after, ['number', 'string', 'string'] as const);
    const later = (p: RankedPair) => !cursor || p.suspicion < cursor[0] || (p.suspicion === cursor[0] && `${p.a}\u0001${p.b}` > `${cursor[1]}\u0001${cursor[2]}`);
    const rows = this.ranked().filter((p) => p.suspicion >= minSuspicion && later(p)).slice(0, first + 1);
    return pageOf(rows, first, (p) => [p.suspicion, p.a, p.b]);
  }

  /** The signals of every pair of these accounts (a dispute's players), most suspicious first. */
  among(accounts: readonly string[]): RankedPair[] {
    const wanted = new Set(accounts);
    return this.ranked().filter((p) => wanted.has(p.a) && wanted.has(p.b));
  }

  /** The highest suspicion among these accounts' pairs (0 when none shared a ranked match). */
  highest(accounts: readonly string[]): number {
    return this.among(accounts)[0]?.suspicion ?? 0;
  }

  /**
   * The key and every sum are read in one snapshot: read statement by statement, a match that finished between
   * two SELECTs could leave its pairs' answers out while its shared-match counts were in, and the torn ranking
   * would stand in the cache as the one of the earlier match count.
   */
  private current(): NonNullable<CollusionQueries['cache']> {
    const fresh = this.read.snapshot((db) => {
      const matches = (db.prepare('SELECT matches FROM collusion_population WHERE id = 1').pluck().get() as number | undefined) ?? 0;
      return this.cache?.matches === matches ? null : { matches, ...snapshotOf(db) };
    });
    if (fresh === null) return this.cache as NonNullable<CollusionQueries['cache']>;
    const { matches, ledger, names } = fresh;
    const named = (p: PairSignals): RankedPair => ({ ...p, aName: names.get(p.a) ?? p.a, bName: names.get(p.b) ?? p.b });
    this.cache = { matches, ranked: rankPairs(ledger, ledger.pairsTogether()).map(named) };
    return this.cache;
  }
}
