import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { nextThreadMemoryReport } from '@liars-dice/platform-threads/testing';
import type { RecordedEvent } from '@liars-dice/event-store-port';
import { playedMatch } from '@liars-dice/game-projections/testing';
import { WalCheckpointer } from '../feed/wal-checkpointer';
import { openReadDatabase, READ_SCHEMA_VERSION } from '../read-database';
import { streamsOf, toRecorded } from '../testing';
import { ProjectionEngine } from './projection-engine';

jest.setTimeout(30_000);

function recorded(matches: number): RecordedEvent[] {
  const events = Array.from({ length: matches }, (_, i) => playedMatch({ matchId: `m${i}`, ruleset: 'classic', accounts: ['ann', 'bob'], ranked: true, seed: i + 1 })).flat();
  return events.map((e, i) => toRecorded(e, BigInt(i + 1)));
}

async function until(condition: () => boolean, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) if (condition()) return true;
  return condition();
}

describe('the read database file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'read-db-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each`
    version                    | what
    ${0}                       | ${'from before versions were kept (facts keyed by projection first)'}
    ${4}                       | ${'with facts of an older shape'}
  `('given a file $what, when opened, then every read model starts again from the first event', ({ version }) => {
    const file = path.join(dir, 'read.sqlite');
    const before = openReadDatabase(file);
    new ProjectionEngine(before).applyBatch(recorded(2));
    before.exec('CREATE TABLE projection_facts (projection TEXT NOT NULL, match_id TEXT NOT NULL, facts TEXT NOT NULL, PRIMARY KEY (projection, match_id))');
    before.pragma(`user_version = ${version}`);
    before.close();

    const db = openReadDatabase(file);
    const engine = new ProjectionEngine(db);

    expect(engine.resumeAfter()).toBeNull();
    expect(engine.states().every((s) => s.position === null && s.events === 0)).toBe(true);
    expect(Object.values(engine.dump()).every((rows) => rows.length === 0)).toBe(true);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'projection_facts'").pluck().get()).toBe(0);
    engine.applyBatch(recorded(2));
    const fresh = new ProjectionEngine(openReadDatabase(':memory:'));
    fresh.applyBatch(recorded(2));
    expect(engine.dump()).toEqual(fresh.dump());
    db.close();
  });

  /** A file as an older version left it: read models half-way, then whatever `older` changes back. */
  function olderFile(file: string, events: readonly RecordedEvent[], version: number, older: (db: Database.Database) => void): void {
    const before = openReadDatabase(file);
    new ProjectionEngine(before).applyBatch(events.slice(0, Math.floor(events.length / 2)));
    older(before);
    before.pragma(`user_version = ${version}`);
    before.close();
  }

  /** Opens the file and feeds it every event (each projection skips what its checkpoint holds); its states on opening. */
  async function openAndFeed(file: string, events: readonly RecordedEvent[]): Promise<{ db: Database.Database; engine: ProjectionEngine; states: ReturnType<ProjectionEngine['states']> }> {
    const db = openReadDatabase(file);
    const engine = new ProjectionEngine(db);
    const states = engine.states();
    await engine.prepare(events, streamsOf(events));
    engine.applyBatch(events);
    return { db, engine, states };
  }

  /** The statistics whose counters version 8 added to. */
  const STATS = ['player-stats', 'global-stats'];
  const positions = (states: ReturnType<ProjectionEngine['states']>) => states.map((s) => [s.name, s.position]);
  /** Each read model's position on opening: none for those that start again, half-way for the others. */
  const restartedFrom = (states: ReturnType<ProjectionEngine['states']>, events: readonly RecordedEvent[], again: readonly string[]) =>
    states.map((s) => [s.name, again.includes(s.name) ? null : BigInt(Math.floor(events.length / 2))]);

  const builtFromScratch = (events: readonly RecordedEvent[]): Record<string, unknown[]> => {
    const fresh = new ProjectionEngine(openReadDatabase(':memory:'));
    fresh.applyBatch(events);
    return fresh.dump();
  };

  it('given a version-5 file (match facts stored in it), when opened, then the facts tables go, the match list starts again and the other read models go on from their checkpoints', async () => {
    // Given a file as version 5 left it: read models half-way and the two facts tables
    const file = path.join(dir, 'read.sqlite');
    const events = recorded(3);
    olderFile(file, events, 5, (db) => db.exec('CREATE TABLE match_facts (match_id TEXT, projection TEXT, version TEXT); CREATE TABLE facts_versions (match_id TEXT, version TEXT, facts TEXT)'));
    // When it is opened and fed the log (facts read from the streams)
    const { db, engine, states } = await openAndFeed(file, events);
    // Then the checkpoints were kept but those of the read models later versions changed, the facts tables are gone, and the rows equal a build from scratch
    expect(positions(states)).toEqual(restartedFrom(states, events, ['match-list', ...STATS]));
    expect(db.pragma('user_version', { simple: true })).toBe(READ_SCHEMA_VERSION);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('match_facts', 'facts_versions')").pluck().get()).toBe(0);
    expect(engine.dump()).toEqual(builtFromScratch(events));
    db.close();
  });

  it('given a version-6 file (list rows without seat kinds nor idle time), when opened, then only the match list starts again from the first event', async () => {
    // Given a file as version 6 left it: every read model half-way, the match list's rows in their old shape
    const file = path.join(dir, 'read.sqlite');
    const events = recorded(3);
    olderFile(file, events, 6, (db) =>
      db.exec(`DROP TABLE match_list; CREATE TABLE match_list (
        match_id TEXT PRIMARY KEY, family TEXT NOT NULL, kind TEXT NOT NULL, ranked INTEGER NOT NULL, status TEXT NOT NULL,
        disputed INTEGER NOT NULL, voided INTEGER NOT NULL, host TEXT NOT NULL, host_id TEXT NOT NULL, players TEXT NOT NULL,
        free_seats INTEGER NOT NULL, winner TEXT, opened_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER, rounds INTEGER NOT NULL);
        INSERT INTO match_list VALUES ('m0', 'classic', 'regular', 1, 'finished', 0, 0, 'ann', 'ann', '["ann","bob"]', 0, 's1', 1, 2, 3, 4)`),
    );
    // When it is opened and fed the log
    const { db, engine, states } = await openAndFeed(file, events);
    // Then the match list (and the statistics, version 8) replayed every event into their new rows, and nothing else moved back
    expect(positions(states)).toEqual(restartedFrom(states, events, ['match-list', ...STATS]));
    expect(db.pragma('user_version', { simple: true })).toBe(READ_SCHEMA_VERSION);
    const columns = db.prepare("SELECT name FROM pragma_table_info('match_list')").pluck().all();
    expect(columns).toEqual(expect.arrayContaining(['seats', 'idle_since']));
    expect(engine.dump()).toEqual(builtFromScratch(events));
    db.close();
  });

  it('given a version-7 file (statistics without the analyst counters, list rows without the dispute history), when opened, then the match list and both statistics start again', async () => {
    // Given a file as version 7 left it: every read model half-way
    const file = path.join(dir, 'read.sqlite');
    const events = recorded(3);
    olderFile(file, events, 7, (db) => db.exec('ALTER TABLE match_list DROP COLUMN had_dispute; ALTER TABLE match_list DROP COLUMN ruling'));
    // When it is opened and fed the log
    const { db, engine, states } = await openAndFeed(file, events);
    // Then those three replayed every event, and nothing else moved back
    expect(positions(states)).toEqual(restartedFrom(states, events, ['match-list', ...STATS]));
    expect(db.pragma('user_version', { simple: true })).toBe(READ_SCHEMA_VERSION);
    expect(db.prepare("SELECT name FROM pragma_table_info('match_list')").pluck().all()).toEqual(expect.arrayContaining(['had_dispute', 'ruling']));
    expect(engine.dump()).toEqual(builtFromScratch(events));
    db.close();
  });

  it('given the checkpointer worker, when the runner commits, then the WAL reaches the file and a fresh connection reads the same rows', async () => {
    const file = path.join(dir, 'read.sqlite');
    const db = openReadDatabase(file);
    const checkpointer = WalCheckpointer.start(db);
    db.pragma('wal_autocheckpoint = 0'); // only the worker may move pages into the file here
    const engine = new ProjectionEngine(db);
    const empty = statSync(file).size;

    const events = recorded(20);
    for (let i = 0; i < events.length; i += 8) engine.applyBatch(events.slice(i, i + 8));

    expect(await until(() => statSync(file).size > empty)).toBe(true);
    await checkpointer?.stop();
    const other = new ProjectionEngine(openReadDatabase(file));
    expect(other.dump()).toEqual(engine.dump());
    db.close();
  });

  it('given a file holding other tables (the event store, say), then it is refused and left as it was', () => {
    const file = path.join(dir, 'events.sqlite');
    const events = new Database(file);
    events.exec('CREATE TABLE events (position INTEGER PRIMARY KEY)');
    events.close();
    expect(() => openReadDatabase(file)).toThrow(/holds tables but is not a read database/);
    const after = new Database(file);
    expect(after.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'events'").pluck().get()).toBe(1);
    after.close();
  });

  it('given the checkpointer worker, then it posts its own isolate\'s memory as "wal-checkpoint" (what /metrics shows)', async () => {
    const report = nextThreadMemoryReport('wal-checkpoint');
    const db = openReadDatabase(path.join(dir, 'read.sqlite'));
    const checkpointer = WalCheckpointer.start(db);
    try {
      expect((await report).heapUsed).toBeGreaterThan(0);
    } finally {
      await checkpointer?.stop();
      db.close();
    }
  });

  it('given an in-memory database, then there is no WAL and no worker', () => {
    expect(WalCheckpointer.start(openReadDatabase(':memory:'))).toBeNull();
  });
});
