import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import type { Worker } from 'node:worker_threads';
import { Clock, MetricsRegistry } from '@liars-dice/server-platform';
import { MatchListQueries, openReadDatabase, PROJECTION_NAMES, ProjectionsService, ProjectionsThread, ReadDatabase } from '@liars-dice/server-projections';
import { appendMatches, sampleTables } from '@liars-dice/server-projections/testing';
import { projectionsThreadFor } from './projections-thread';

jest.setTimeout(60_000);

let dir: string;
let store: SqliteEventStore;
const choice = () => ({ store: 'sqlite' as const, dataDir: dir, env: {} });

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'projections-thread-'));
  store = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function head(): Promise<bigint> {
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
  return last?.position ?? 0n;
}

describe('the projections thread (a worker with its own store and read-database connections)', () => {
  it('given matches before and after it starts, when it has applied the head, then the API thread reads them and hears lag and applications', async () => {
    await appendMatches(store, sampleTables(3, 'before'));
    const readDbFile = path.join(dir, 'read.sqlite');
    const lags: number[] = [];
    let applications = 0;
    const metrics = { lag: { observe: (s: number) => lags.push(s) }, applied: { inc: (n: number) => (applications += n) } };
    const thread = await ProjectionsThread.start((projectionsThreadFor(choice(), readDbFile) as () => import('node:worker_threads').Worker)(), { metrics });
    const db = openReadDatabase(readDbFile);
    try {
      await thread.whenCaughtUp();
      await appendMatches(store, sampleTables(2, 'after'));
      await thread.whenApplied(await head());
      const list = new MatchListQueries(ReadDatabase.of(db)).search({}, 100, null);
      expect(list.nodes.map((n) => n.match_id).sort()).toEqual(['after0', 'after1', 'before0', 'before1', 'before2']);
      expect(lags.length).toBeGreaterThan(0);
      expect(applications).toBeGreaterThan(0);
      await thread.recompute('perudo');
    } finally {
      await thread.stop();
      db.close();
    }
  });

  it('given a data directory without an event store, when the thread starts, then it refuses with the reason', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'projections-thread-empty-'));
    const spawn = projectionsThreadFor({ store: 'sqlite', dataDir: empty, env: {} }, path.join(empty, 'read.sqlite')) as () => import('node:worker_threads').Worker;
    await expect(ProjectionsThread.start(spawn())).rejects.toThrow(/could not start: .*events\.sqlite/);
    rmSync(empty, { recursive: true, force: true });
  });

  it('given a running thread, when it dies, then waiters are rejected instead of left hanging', async () => {
    const spawn = projectionsThreadFor(choice(), path.join(dir, 'read.sqlite')) as () => import('node:worker_threads').Worker;
    const worker = spawn();
    const thread = await ProjectionsThread.start(worker);
    const waiting = thread.whenApplied(1_000_000n);
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/projections thread has stopped/);
    await expect(thread.recompute('perudo')).rejects.toThrow(/stopped/);
  });

  it('given the service running the thread, when the thread is killed, then it is started again and carries on from its checkpoint', async () => {
    const readDbFile = path.join(dir, 'read.sqlite');
    const spawned: Worker[] = [];
    const spawn = projectionsThreadFor(choice(), readDbFile) as () => Worker;
    const service = new ProjectionsService(store, { file: readDbFile, thread: () => spawned[spawned.push(spawn()) - 1] as Worker }, new MetricsRegistry(), new Clock());
    await service.onModuleInit();
    service.onApplicationBootstrap();
    try {
      await appendMatches(store, sampleTables(1, 'first'));
      await service.feed.whenApplied(await head());
      const first = service.feed;
      await spawned[0]?.terminate();
      await appendMatches(store, sampleTables(1, 'second'));
      const until = Date.now() + 15_000;
      while (service.feed === first && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(spawned).toHaveLength(2);
      await service.feed.whenApplied(await head());
      expect(new MatchListQueries(service.read).search({}, 10, null).nodes.map((n) => n.match_id).sort()).toEqual(['first0', 'second0']);
      expect(service.states().every((s) => s.failure === null && s.position !== null)).toBe(true);
    } finally {
      await service.onApplicationShutdown();
    }
  });

  it('given the memory store, or THREADS_IN_PROCESS naming projections, then there is no thread (the runner stays in the API thread)', () => {
    expect(projectionsThreadFor({ store: 'memory', dataDir: dir, env: {} }, ':memory:')).toBeNull();
    expect(projectionsThreadFor({ store: 'sqlite', dataDir: dir, env: { THREADS_IN_PROCESS: ['projections'] } }, path.join(dir, 'read.sqlite'))).toBeNull();
    expect(PROJECTION_NAMES.length).toBeGreaterThan(0);
  });
});
