import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, Subscription } from '@liars-dice/event-store-port';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { ProjectionRunner } from '../feed/projection-runner';
import { rebuildProjections } from '../feed/rebuild';
import { ReadDatabase } from '../read-connection';
import { openReadDatabase, type ReadDb } from '../read-database';
import { MatchListQueries, PROJECTIONS } from '../read-models';
import { matchStream } from '@liars-dice/game-match';
import { playedMatch } from '@liars-dice/game-projections/testing';
import { appendMatches, appendTo, sampleTables, toAppend } from '../testing';
import type { ProjectionFactory } from './projection';
import { ProjectionEngine } from './projection-engine';

jest.setTimeout(60_000);

let dir: string;
let store: EventStore;
const open: ReadDb[] = [];

function readDb(name: string): ReadDb {
  const db = openReadDatabase(path.join(dir, `${name}.sqlite`));
  open.push(db);
  return db;
}

async function head(): Promise<bigint> {
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
  return last?.position ?? 0n;
}

/** Runs projections live until they have applied everything in the store. */
async function runLive(engine: ProjectionEngine, whileRunning?: () => Promise<void>): Promise<void> {
  const runner = new ProjectionRunner(store, engine);
  runner.start();
  await whileRunning?.();
  await runner.whenApplied(await head());
  await runner.stop();
}

const openStore = (file: string): Promise<EventStore> => SqliteEventStore.open({ file });

/**
 * `target` with two faults: its subscriptions pause `pauseMs` after their first `first` events (what follows
 * arrives as later batches, queued behind the first), and its first stream read fails after `failMs`.
 */
function faulty(target: EventStore, first: number, pauseMs: number, failMs: number): { store: EventStore; reads: () => number } {
  let reads = 0;
  const read: EventStore['readStreamIfExists'] = (stream, options) =>
    reads++ === 0 ? new Promise((_, reject) => setTimeout(() => reject(new Error('store gone')), failMs)) : target.readStreamIfExists(stream, options);
  const subscribe: EventStore['subscribeToAll'] = (options) => {
    const inner = target.subscribeToAll(options);
    const paused: Subscription = {
      close: () => inner.close(),
      async *[Symbol.asyncIterator]() {
        let seen = 0;
        for await (const message of inner) {
          if (message.kind === 'event' && seen++ === first) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          yield message;
        }
      },
    };
    return paused;
  };
  const store = new Proxy(target, { get: (t, key) => (key === 'readStreamIfExists' ? read : key === 'subscribeToAll' ? subscribe : Reflect.get(t, key)) });
  return { store, reads: () => reads };
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'projections-'));
  store = await openStore(path.join(dir, 'events.sqlite'));
});

afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('projection runner on the SQLite event store', () => {
  it('given matches appended while it runs, then a rebuild from the first event gives identical read models', async () => {
    const live = new ProjectionEngine(readDb('live'));
    await appendMatches(store, sampleTables(4, 'a'));
    await runLive(live, () => appendMatches(store, sampleTables(6, 'b')).then(() => undefined));
    const rebuilt = new ProjectionEngine(readDb('rebuilt'));
    const result = await rebuildProjections(store, rebuilt);
    expect(result.events).toBeGreaterThan(500);
    expect(rebuilt.dump()).toEqual(live.dump());
    expect(new MatchListQueries(ReadDatabase.of(open[0] as ReadDb)).search({}, 100, null).nodes).toHaveLength(10);
  });

  it('given a stop, then it resumes from its checkpoint and ends as if it had never stopped', async () => {
    const db = readDb('resumed');
    await appendMatches(store, sampleTables(3, 'c'));
    await runLive(new ProjectionEngine(db));
    const before = new ProjectionEngine(db).states();
    await appendMatches(store, sampleTables(3, 'd'));
    const reopened = new ProjectionEngine(db);
    expect(reopened.resumeAfter()).toBe(before[0]?.position);
    await runLive(reopened);
    const fresh = new ProjectionEngine(readDb('fresh'));
    await rebuildProjections(store, fresh);
    expect(reopened.dump()).toEqual(fresh.dump());
    expect(reopened.states().map((s) => s.events)).toEqual(fresh.states().map((s) => s.events));
  });

  it('given a crash in the middle of matches (facts only in the lost memory), then a new engine reads them from the streams and ends as a rebuild', async () => {
    // Given half of the events applied by an engine that is then lost (as in a crash after a commit)
    await appendMatches(store, sampleTables(6, 'h'));
    const events = await store.readAll();
    const db = readDb('crashed');
    new ProjectionEngine(db).applyBatch(events.slice(0, Math.floor(events.length / 2)));
    // When a new engine resumes from the checkpoints through the runner on the store
    const reopened = new ProjectionEngine(db);
    await runLive(reopened);
    // Then its read models equal a rebuild from the first event
    const fresh = new ProjectionEngine(readDb('fresh'));
    await rebuildProjections(store, fresh);
    expect(reopened.dump()).toEqual(fresh.dump());
  });

  it('given a batch that fails while later batches wait behind it, then none of them is applied, no checkpoint moves, and following again from the same runner ends as a rebuild', async () => {
    // Given half of the events applied by an engine that is then lost (the rest need facts read from the store),
    // a store whose first read fails after 300 ms, and the resumed events arriving as a batch of 5, then the rest
    await appendMatches(store, sampleTables(4, 'g'));
    const events = await store.readAll();
    const db = readDb('stopped');
    new ProjectionEngine(db).applyBatch(events.slice(0, Math.floor(events.length / 2)));
    const faults = faulty(store, 5, 50, 300);
    const engine = new ProjectionEngine(db);
    const before = engine.states();
    const errors: unknown[] = [];
    const applied: bigint[] = [];
    // A second failure (in the recovery below) ends the wait for its events at once.
    let failedAgain: (error: unknown) => void = () => undefined;
    const again = new Promise<never>((_, reject) => (failedAgain = reject));
    const onError = (error: unknown): void => void (errors.push(error) > 1 && failedAgain(error));
    const runner = new ProjectionRunner(faults.store, engine, { onError, onApplied: (position) => applied.push(position) });
    // When the runner resumes and the first batch's facts cannot be read
    runner.start();
    await runner.whenCaughtUp();
    await runner.stop();
    // Then the failure is reported, the batches queued behind it are neither read for nor applied, and no checkpoint moved
    expect(errors.map(String)).toEqual(['Error: store gone']);
    expect(applied).toEqual([]);
    expect(new ProjectionEngine(db).states()).toEqual(before);
    expect(faults.reads()).toBe(1);
    // When the same runner follows again (the inline feed's recovery: stop, then start) with the store back
    runner.start();
    await Promise.race([runner.whenApplied(await head()), again]);
    await runner.stop();
    // Then it resumed from the checkpoints with nothing skipped or applied twice: the read models equal a rebuild
    const fresh = new ProjectionEngine(readDb('fresh'));
    await rebuildProjections(store, fresh);
    expect(engine.dump()).toEqual(fresh.dump());
    expect(engine.states().map((s) => [s.position, s.events])).toEqual(fresh.states().map((s) => [s.position, s.events]));
  });

  it('given a projection that throws, then it stops at that event and reports it; the others carry on; after a fix it resumes there', async () => {
    let broken = true;
    const flaky: ProjectionFactory = (db) => {
      db.exec('CREATE TABLE IF NOT EXISTS flaky (n INTEGER)');
      return {
        name: 'flaky',
        tables: ['flaky'],
        apply({ event }) {
          db.prepare('INSERT INTO flaky VALUES (1)').run();
          if (broken && event.event.type === 'LiarCalled') throw new Error('cannot fold LiarCalled');
        },
      };
    };
    const db = readDb('failing');
    await appendMatches(store, sampleTables(2, 'e'));
    const engine = new ProjectionEngine(db, [...PROJECTIONS, flaky]);
    await runLive(engine);
    const failed = engine.states().find((s) => s.name === 'flaky');
    const firstLiar = (await store.readAll()).find((e) => e.type === 'LiarCalled');
    expect(failed?.failure).toMatchObject({ eventId: firstLiar?.id, type: 'LiarCalled', position: firstLiar?.position, error: 'cannot fold LiarCalled' });
    expect(failed?.position).toBeLessThan(firstLiar?.position ?? 0n);
    expect(engine.recordedFailures()).toHaveLength(1);
    // Nothing of the failed event was kept: one row per event before it.
    expect(db.prepare('SELECT COUNT(*) FROM flaky').pluck().get()).toBe(failed?.events);
    expect(engine.states().filter((s) => s.name !== 'flaky').every((s) => s.failure === null && s.position === engine.states()[0]?.position)).toBe(true);

    broken = false;
    const fixed = new ProjectionEngine(db, [...PROJECTIONS, flaky]);
    expect(fixed.resumeAfter()).toBe(failed?.position);
    await runLive(fixed);
    const total = (await store.readAll()).length;
    expect(db.prepare('SELECT COUNT(*) FROM flaky').pluck().get()).toBe(total);
    expect(fixed.recordedFailures()).toEqual([]);
  });

  it('given a voided ranked match, then the ladder equals one built from a log that never had it', async () => {
    const tables = sampleTables(12, 'r').filter((t) => t.ranked);
    expect(tables.length).toBeGreaterThanOrEqual(3);
    const voided = tables[1];
    if (!voided) throw new Error('no ranked table');
    const db = readDb('voided');
    await appendMatches(store, tables);
    await appendTo(store, voided.matchId, { type: 'MatchVoided', data: { disputeId: `${voided.matchId}.1`, reason: 'collusion' } });
    const engine = new ProjectionEngine(db);
    await runLive(engine);

    const other = await openStore(path.join(dir, 'without.sqlite'));
    try {
      await appendMatches(other, tables.filter((t) => t !== voided));
      const clean = new ProjectionEngine(readDb('without-read'));
      await rebuildProjections(other, clean, ['rating']);
      const ladder = (e: ProjectionEngine) => {
        const { ratings, rating_history } = e.dump(['rating']);
        return { ratings, history: (rating_history as Record<string, unknown>[]).map(({ seq: _seq, ...rest }) => rest) };
      };
      expect(ladder(engine)).toEqual(ladder(clean));
      expect(ladder(engine).ratings?.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

describe('a read model rebuilt while the runner is live', () => {
  it('given matches appended before and during the rebuild, one of them half played, then it ends identical to a rebuild of a stopped service', async () => {
    // Given a runner that has applied some matches and half of a ranked one (the collusion ledger keeps the tally of
    // a match in play in memory as well as in its table)
    const live = new ProjectionEngine(readDb('live'));
    const runner = new ProjectionRunner(store, live);
    await appendMatches(store, sampleTables(4, 'a'));
    const [ranked] = sampleTables(1, 'r');
    const halfPlayed = playedMatch(ranked as NonNullable<typeof ranked>).map(toAppend);
    const half = Math.floor(halfPlayed.length / 2);
    await store.appendToStream(matchStream('r0'), halfPlayed.slice(0, half), { expectedRevision: 'no_stream' });
    runner.start();
    await runner.whenApplied(await head());
    const others = live.states().filter((s) => s.name !== 'collusion' && s.name !== 'match-list');
    // When two read models are rebuilt live while more matches arrive, and the half-played match ends
    const appending = appendMatches(store, sampleTables(4, 'b'));
    await runner.rebuild(['collusion', 'match-list']);
    await appending;
    await store.appendToStream(matchStream('r0'), halfPlayed.slice(half), { expectedRevision: BigInt(half - 1) });
    await runner.whenApplied(await head());
    await runner.stop();
    // Then every table equals a full rebuild's, and the others applied each event once
    const fresh = new ProjectionEngine(readDb('fresh'));
    await rebuildProjections(store, fresh);
    expect(live.dump()).toEqual(fresh.dump());
    expect(live.states().map((s) => [s.name, s.events, s.failure])).toEqual(fresh.states().map((s) => [s.name, s.events, s.failure]));
    expect(others.every((before) => (live.states().find((s) => s.name === before.name)?.events ?? 0) >= before.events)).toBe(true);
  });
});
