import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { CollusionLedger, matchEvidence, rankPairs } from '@liars-dice/game-collusion';
import { engineEvents, type TableSetup } from '@liars-dice/game-projections/testing';
import { ProjectionEngine } from '../../engine/projection-engine';
import { ProjectionRunner } from '../../feed/projection-runner';
import { rebuildProjections } from '../../feed/rebuild';
import { ReadDatabase } from '../../read-connection';
import { openReadDatabase, type ReadDb } from '../../read-database';
import { appendMatches, sampleTables } from '../../testing';
import { CollusionQueries } from './collusion.queries';

jest.setTimeout(60_000);

let dir: string;
let store: EventStore;
const dbs: ReadDb[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'collusion-'));
  store = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
});

afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function engineOn(name: string): { engine: ProjectionEngine; queries: CollusionQueries } {
  const db = openReadDatabase(path.join(dir, `${name}.sqlite`));
  dbs.push(db);
  return { engine: new ProjectionEngine(db), queries: new CollusionQueries(ReadDatabase.of(db)) };
}

/** The ranking the pure ledger gives over the ranked, regular ones of `tables`. */
function pureRanking(tables: readonly TableSetup[]) {
  const ledger = new CollusionLedger();
  for (const table of tables.filter((t) => t.ranked && (t.kind ?? 'regular') === 'regular')) {
    const accounts = Object.fromEntries(table.accounts.flatMap((a, i) => (a === null ? [] : [[`s${i + 1}`, a]])));
    ledger.add(matchEvidence({ accounts, events: engineEvents(table) }));
  }
  return rankPairs(ledger, ledger.pairsTogether());
}

const withoutNames = (queries: CollusionQueries) => queries.ranked().map(({ aName: _a, bName: _b, ...signals }) => signals);

describe('the collusion read model (one fold with the pure library)', () => {
  const tables = sampleTables(24, 'c');

  it('given ranked and unranked matches appended while it runs, then its ranking equals the pure ledger over the ranked, regular ones', async () => {
    const { engine, queries } = engineOn('live');
    const runner = new ProjectionRunner(store, engine);
    runner.start();
    await appendMatches(store, tables);
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await runner.whenApplied(last?.position ?? 0n);
    await runner.stop();

    const expected = pureRanking(tables);
    expect(withoutNames(queries)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(3);
    expect(queries.ranked()[0]?.aName).toMatch(/-name$/);
  });

  it('given a rebuild, then it ends with the same tables as the live run (a live match’s tally resumes from its row)', async () => {
    const { engine } = engineOn('live2');
    await appendMatches(store, tables, 7);
    const runner = new ProjectionRunner(store, engine);
    runner.start();
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await runner.whenApplied(last?.position ?? 0n);
    await runner.stop();
    const { engine: rebuilt } = engineOn('rebuilt');
    await rebuildProjections(store, rebuilt, ['collusion']);
    expect(rebuilt.dump(['collusion'])).toEqual(engine.dump(['collusion']));
  });

  it('given a match that finishes while the ranking is being read, then the answer is the ranking before it or after it, never a mix (issue #33)', async () => {
    const [earlier, last] = [sampleTables(2, 'torn'), sampleTables(3, 'torn')];
    const { engine } = engineOn('torn');
    await appendMatches(store, earlier);
    await rebuildProjections(store, engine);
    const [head] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await appendMatches(store, last.slice(2));
    const later = (await store.readAll({ fromPosition: head?.position ?? 0n })).filter((e) => e.position > (head?.position ?? 0n));
    await engine.prepare(later, store);
    // The API thread's own connection, on which the projections thread commits the last match between the
    // first SELECT and the one of the pair sums.
    const reader = openReadDatabase(path.join(dir, 'torn.sqlite'));
    dbs.push(reader);
    let committed = false;
    const racing = new Proxy(reader, {
      get(target, key) {
        if (key !== 'prepare') return Reflect.get(target, key, target) as unknown;
        return (sql: string) => {
          if (!committed && sql.includes('FROM collusion_pairs')) committed = engine.applyBatch(later) > 0;
          return target.prepare(sql);
        };
      },
    });
    const queries = new CollusionQueries(ReadDatabase.of(racing));
    const [before, after] = [pureRanking(earlier), pureRanking([...earlier, ...last.slice(2)])];
    expect(before).not.toEqual(after);

    expect(withoutNames(queries)).toEqual(before);
    expect(committed).toBe(true);
    expect(withoutNames(queries)).toEqual(after);
  });
});
