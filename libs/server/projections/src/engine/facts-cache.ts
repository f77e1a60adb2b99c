import type { MatchFacts } from '@liars-dice/game-projections';
import type { ReadDb } from '../read-database';
import type { FactsVersions } from './facts-versions';

const LIMIT = 20_000;

interface Change {
  readonly facts: MatchFacts;
  /** The position of the event that made these facts: their version in `facts_versions`. */
  readonly version: string;
}

/**
 * One projection's match facts: its reference to a shared version (`FactsVersions`) stored in its own row, so
 * it commits with its checkpoint, and a bounded cache in front. Changes are written once per batch (`flush`,
 * inside the batch's transaction); `forget()` drops the cache and unwritten changes whenever a transaction
 * rolls back.
 */
export class FactsCache {
  private readonly cache = new Map<string, MatchFacts | null>();
  private readonly dirty = new Map<string, Change>();
  private readonly read;
  private readonly write;

  constructor(
    db: ReadDb,
    private readonly projection: string,
    private readonly versions: FactsVersions,
  ) {
    this.read = db
      .prepare(
        'SELECT v.facts FROM match_facts f JOIN facts_versions v ON v.match_id = f.match_id AND v.version = f.version WHERE f.match_id = ? AND f.projection = ?',
      )
      .pluck();
    // An upsert changes the row in place; REPLACE deleted and reinserted it (six projections, every batch).
    this.write = db.prepare(
      'INSERT INTO match_facts (match_id, projection, version) VALUES (?, ?, ?) ON CONFLICT (match_id, projection) DO UPDATE SET version = excluded.version',
    );
  }

  get(matchId: string): MatchFacts | null {
    const cached = this.cache.get(matchId);
    if (cached !== undefined) return cached;
    const stored = this.read.get(matchId, this.projection) as string | undefined;
    const facts = stored ? (JSON.parse(stored) as MatchFacts) : null;
    this.remember(matchId, facts);
    return facts;
  }

  set(matchId: string, facts: MatchFacts, version: string): void {
    this.dirty.set(matchId, { facts, version });
    this.remember(matchId, facts);
  }

  /**
   * Writes the batch's changes. A finished match's facts leave the cache once written: only moderation (a
   * dispute, a void) changes them after the end, rarely, and reads them back from their row; kept, they would
   * fill the cache with every match finished since start (about 8 a second at 1,000 tables) and grow the heap.
   */
  flush(): void {
    for (const [matchId, { facts, version }] of this.dirty) {
      this.versions.write(matchId, version, facts);
      this.write.run(matchId, this.projection, version);
      if (facts.finishedAt !== null) this.cache.delete(matchId);
    }
    this.dirty.clear();
  }

  forget(): void {
    this.cache.clear();
    this.dirty.clear();
    this.versions.forget();
  }

  private remember(matchId: string, facts: MatchFacts | null): void {
    this.cache.delete(matchId);
    this.cache.set(matchId, facts);
    const oldest = this.cache.keys().next().value as string;
    // A fact not yet flushed stays cached: the row it would be read from is not written yet.
    if (this.cache.size > LIMIT && !this.dirty.has(oldest)) this.cache.delete(oldest);
  }
}
