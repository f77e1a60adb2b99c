import type { MatchFacts } from '@liars-dice/game-projections';
import type { ReadDb } from '../read-database';

/** One serialisation per facts object: the projections in step share the object after a change. */
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
 * The match facts every projection shares, stored once per version: a match's facts after the event at
 * position P are a function of the log up to P, so `(match, P)` names one content whichever projection wrote
 * it (the version is the position as `positionKey` text). Each projection's own row (`match_facts`) holds only the version it has reached, and commits with its
 * checkpoint; a projection that lags (a rebuild, a failure) points at an older version, kept while referenced.
 * Before, each of the six projections that read facts wrote its own copy of the whole JSON on every change.
 */
export class FactsVersions {
  /** Versions written in the open transaction (cleared when it ends or any part of it rolls back). */
  private readonly written = new Set<string>();
  /** Matches whose references moved in the open transaction: their unreferenced versions go at its end. */
  private readonly touched = new Set<string>();
  private readonly insert;
  private readonly sweep;

  constructor(db: ReadDb) {
    this.insert = db.prepare('INSERT OR IGNORE INTO facts_versions (match_id, version, facts) VALUES (?, ?, ?)');
    this.sweep = db.prepare(
      'DELETE FROM facts_versions WHERE match_id = ? AND version NOT IN (SELECT version FROM match_facts WHERE match_id = ?)',
    );
  }

  /** Stores the facts of `matchId` at `version` unless this transaction already did. */
  write(matchId: string, version: string, facts: MatchFacts): void {
    this.touched.add(matchId);
    const key = `${matchId}@${version}`;
    if (this.written.has(key)) return;
    this.insert.run(matchId, version, toJson(facts));
    this.written.add(key);
  }

  /** At the end of the transaction: drops the versions of the touched matches that no projection points at. */
  collect(): void {
    for (const matchId of this.touched) this.sweep.run(matchId, matchId);
    this.touched.clear();
    this.written.clear();
  }

  /** A rollback undid some writes: the next ones go to the database again (INSERT OR IGNORE keeps it exact). */
  forget(): void {
    this.written.clear();
  }
}

/** Drops every version no projection points at (after a projection's rows were emptied). */
export function dropUnreferencedVersions(db: ReadDb): void {
  db.exec(
    'DELETE FROM facts_versions WHERE NOT EXISTS (SELECT 1 FROM match_facts f WHERE f.match_id = facts_versions.match_id AND f.version = facts_versions.version)',
  );
}
