import type { MatchFacts } from '@liars-dice/game-projections';
import type { ReadDb } from '../read-database';

const LIMIT = 20_000;

/** One serialisation per facts object: the projections share the object after a change, and write it each. */
const serialised = new WeakMap<MatchFacts, string>();

function toJson(facts: MatchFacts): string {
  let json = serialised.get(facts);
  if (json === undefined) {
    json = JSON.stringify(facts);
    serialised.set(facts, json);
  }
  return json;
}

/**
 * One projection's match facts: stored in its own rows (so they commit with its checkpoint) and kept in a
 * bounded cache in front. Changes are written once per batch (`flush`, inside the batch's transaction);
 * `forget()` drops the cache and unwritten changes whenever a transaction rolls back.
 */
export class FactsCache {
  private readonly cache = new Map<string, MatchFacts | null>();
  private readonly dirty = new Map<string, MatchFacts>();
  private readonly read;
  private readonly write;

  constructor(
    db: ReadDb,
    private readonly projection: string,
  ) {
    this.read = db.prepare('SELECT facts FROM match_facts WHERE match_id = ? AND projection = ?').pluck();
    this.write = db.prepare('INSERT OR REPLACE INTO match_facts (match_id, projection, facts) VALUES (?, ?, ?)');
  }

  get(matchId: string): MatchFacts | null {
    const cached = this.cache.get(matchId);
    if (cached !== undefined) return cached;
    const stored = this.read.get(matchId, this.projection) as string | undefined;
    const facts = stored ? (JSON.parse(stored) as MatchFacts) : null;
    this.remember(matchId, facts);
    return facts;
  }

  set(matchId: string, facts: MatchFacts): void {
    this.dirty.set(matchId, facts);
    this.remember(matchId, facts);
  }

  /**
   * Writes the batch's changes. A finished match's facts leave the cache once written: only moderation (a
   * dispute, a void) changes them after the end, rarely, and reads them back from their row; kept, they would
   * fill the cache with every match finished since start (about 8 a second at 1,000 tables) and grow the heap.
   */
  flush(): void {
    for (const [matchId, facts] of this.dirty) {
      this.write.run(matchId, this.projection, toJson(facts));
      if (facts.finishedAt !== null) this.cache.delete(matchId);
    }
    this.dirty.clear();
  }

  forget(): void {
    this.cache.clear();
    this.dirty.clear();
  }

  private remember(matchId: string, facts: MatchFacts | null): void {
    this.cache.delete(matchId);
    this.cache.set(matchId, facts);
    const oldest = this.cache.keys().next().value as string;
    // A fact not yet flushed stays cached: the row it would be read from is not written yet.
    if (this.cache.size > LIMIT && !this.dirty.has(oldest)) this.cache.delete(oldest);
  }
}
