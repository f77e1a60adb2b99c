import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { openReadDatabase, ProjectionEngine, ProjectionRunner } from '@liars-dice/server-projections';
import { DataDirLock, LOCK_FILE } from '@liars-dice/server-platform';
import { appendMatches, sampleTables } from '@liars-dice/server-projections/testing';
import { CLI } from '../e2e/cli-process';

jest.setTimeout(60_000);

const openStore = async (file: string): Promise<EventStore> => (await import('@liars-dice/event-store-sqlite')).SqliteEventStore.open({ file });

function rebuild(dataDir: string, ...names: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'rebuild', ...names], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, DATA_DIR: dataDir } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'rebuild-e2e-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run rebuild', () => {
  it('given a data directory that is not there, then it exits 2 naming it and creates nothing', () => {
    const missing = path.join(dir, 'not-here');
    const { code, stdout, stderr } = rebuild(missing);
    expect(code).toBe(2);
    expect(stderr).toContain(`no data directory at ${missing}: set DATA_DIR to the API's data directory`);
    expect(stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('given a data directory with no event store in it, then it exits 2 naming the file and leaves the directory empty', () => {
    const { code, stderr } = rebuild(dir);
    expect(code).toBe(2);
    expect(stderr).toContain(`no event store at ${path.join(dir, 'events.sqlite')}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('given read models built live, when rebuilt from the first event, then they are identical and the count is printed', async () => {
    const store = await openStore(path.join(dir, 'events.sqlite'));
    const db = openReadDatabase(path.join(dir, 'read.sqlite'));
    const engine = new ProjectionEngine(db);
    const runner = new ProjectionRunner(store, engine);
    runner.start();
    const appended = await appendMatches(store, sampleTables(5, 'cli'));
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await runner.whenApplied(last?.position ?? 0n);
    await runner.stop();
    const live = engine.dump();
    db.close();
    await store.close();

    const { code, stdout, stderr } = rebuild(dir);
    expect(code).toBe(0);
    expect(stderr).toContain('100%');
    expect(stdout).toContain(`${appended} events replayed`);
    const reopened = openReadDatabase(path.join(dir, 'read.sqlite'));
    try {
      expect(new ProjectionEngine(reopened).dump()).toEqual(live);
    } finally {
      reopened.close();
    }
  });

  it('given a live process owning the data directory (the API), then rebuild refuses to touch it, naming the directory and that process, and runs once it is gone', async () => {
    const store = await openStore(path.join(dir, 'events.sqlite'));
    await appendMatches(store, sampleTables(1, 'locked'));
    await store.close();
    const held = DataDirLock.acquire(dir, 'api');
    try {
      const refused = rebuild(dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`data directory ${dir} is in use by process ${process.pid} (api, since ${held.holder.since})`);
      expect(refused.stdout).toBe('');
    } finally {
      held.release();
    }
    expect(rebuild(dir).code).toBe(0);
    expect(readdirSync(dir)).not.toContain(LOCK_FILE);
  });

  it('given an unknown projection name, then it exits 2 and lists the known ones', () => {
    const { code, stderr } = rebuild(dir, 'nonsense');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown projection(s): nonsense');
    expect(stderr).toContain('match-list');
  });
});
