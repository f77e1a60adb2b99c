import type { MatchFacts } from '@liars-dice/game-projections';
import { openReadDatabase, type ReadDb } from '../read-database';
import { FactsCache } from './facts-cache';
import { FactsVersions } from './facts-versions';

/** A read database that counts the facts rows read back. */
function countingDb(): { db: ReadDb; reads: () => number } {
  const db = openReadDatabase(':memory:');
  let reads = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!sql.startsWith('SELECT v.facts')) return statement;
    const get = statement.get.bind(statement);
    statement.get = ((...args: unknown[]) => {
      reads++;
      return get(...args);
    }) as typeof statement.get;
    return statement;
  }) as typeof db.prepare;
  return { db, reads: () => reads };
}

const facts = (finishedAt: number | null) => ({ matchId: 'm1', finishedAt, rounds: 3 }) as unknown as MatchFacts;

describe('FactsCache', () => {
  it('keeps a live match cached after the batch is written', () => {
    // Given the facts of a match still in play, set and flushed
    const { db, reads } = countingDb();
    const cache = new FactsCache(db, 'p', new FactsVersions(db));
    cache.set('m1', facts(null), '1');
    cache.flush();
    // When they are asked for again
    const again = cache.get('m1');
    // Then they come from memory
    expect(again).toEqual(facts(null));
    expect(reads()).toBe(0);
  });

  it('lets a finished match go once written, and reads it back from its row when moderation asks', () => {
    // Given the facts of a finished match, set and flushed
    const { db, reads } = countingDb();
    const cache = new FactsCache(db, 'p', new FactsVersions(db));
    cache.set('m1', facts(1_000), '2');
    // When asked before the flush, then after it
    expect(cache.get('m1')).toEqual(facts(1_000));
    cache.flush();
    const again = cache.get('m1');
    // Then only the read after the flush goes to the row, and it holds the same facts
    expect(reads()).toBe(1);
    expect(again).toEqual(facts(1_000));
  });
});
