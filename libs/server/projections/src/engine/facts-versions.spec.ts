import type { MatchFacts } from '@liars-dice/game-projections';
import { openReadDatabase } from '../read-database';
import { FactsCache } from './facts-cache';
import { FactsVersions } from './facts-versions';

const facts = (rounds: number) => ({ matchId: 'm1', finishedAt: null, rounds }) as unknown as MatchFacts;

function given(projections: readonly string[]) {
  const db = openReadDatabase(':memory:');
  const versions = new FactsVersions(db);
  const caches = projections.map((name) => new FactsCache(db, name, versions));
  const stored = () => db.prepare('SELECT version FROM facts_versions ORDER BY version').pluck().all();
  const fresh = (name: string) => new FactsCache(db, name, new FactsVersions(db)).get('m1');
  return { db, versions, caches, stored, fresh };
}

describe('FactsVersions', () => {
  it('stores the facts of projections in step once, and each projection reads them back through its own row', () => {
    // Given two projections that reach the same event of a match in one batch
    const { versions, caches, stored, fresh } = given(['a', 'b']);
    // When both write the facts it made
    for (const cache of caches) {
      cache.set('m1', facts(1), '5');
      cache.flush();
    }
    versions.collect();
    // Then one copy is stored, and both read it back
    expect(stored()).toEqual(['5']);
    expect(fresh('a')).toEqual(facts(1));
    expect(fresh('b')).toEqual(facts(1));
  });

  it('keeps the version a lagging projection points at, and drops it once nobody does', () => {
    // Given two projections at version 5, and one of them moving on to version 7
    const { versions, caches, stored, fresh } = given(['a', 'b']);
    const [a, b] = caches as [FactsCache, FactsCache];
    for (const cache of caches) cache.set('m1', facts(1), '5');
    a.flush();
    b.flush();
    versions.collect();
    a.set('m1', facts(2), '7');
    a.flush();
    versions.collect();
    // Then the lagging one still reads its own facts
    expect(stored()).toEqual(['5', '7']);
    expect(fresh('b')).toEqual(facts(1));
    // When the other catches up, then the old version goes
    b.set('m1', facts(2), '7');
    b.flush();
    versions.collect();
    expect(stored()).toEqual(['7']);
    expect(fresh('a')).toEqual(facts(2));
  });

  it('writes a version again after a rollback undid it', () => {
    // Given a version written inside a savepoint that was rolled back
    const { db, versions, caches, stored } = given(['a']);
    const [a] = caches as [FactsCache];
    db.exec('BEGIN');
    db.exec('SAVEPOINT s');
    a.set('m1', facts(1), '5');
    a.flush();
    db.exec('ROLLBACK TO s');
    a.forget();
    // When the same change is applied again and committed
    a.set('m1', facts(1), '5');
    a.flush();
    versions.collect();
    db.exec('COMMIT');
    // Then the version is stored
    expect(stored()).toEqual(['5']);
  });
});
