import type { MatchFacts } from '@liars-dice/game-projections';
import type { ReadDb } from './read-database';

const LIMIT = 20_000;

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
    this.read = db.prepare('SELECT facts FROM projection_facts WHERE projection = ? AND match_id = ?').pluck();
    this.write = db.prepare('INSERT OR REPLACE INTO projection_facts VALUES (?, ?, ?)');
  }

  get(matchId: string): MatchFacts | null {
    const cached = this.cache.get(matchId);
    if (cached !== undefined) return cached;
    const stored = this.read.get(this.projection, matchId) as string | undefined;
    const facts = stored ? (JSON.parse(stored) as MatchFacts) : null;
    this.remember(matchId, facts);
    return facts;
  }

  set(matchId: string, facts: MatchFacts): void {
    this.dirty.set(matchId, facts);
    this.remember(matchId, facts);
  }

  flush(): void {
    for (const [matchId, facts] of this.dirty) this.write.run(this.projection, matchId, JSON.stringify(facts));
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
