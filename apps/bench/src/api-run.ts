import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, freePort, mainThreadCpuSeconds, openSocket, register, spawnApi, stopApi, waitHealthy } from './harness';
import { HttpConnection } from './http-connection';
import { Measurements } from './measurements';
import type { ServerRun } from './server-run';
import { movesIn, sampleFrom } from './tables/api-sampler';
import { apiThreadUse, readThreads } from './tables/thread-schedule';
import { Table } from './table';

export interface ApiPlan {
  readonly seconds: number;
  readonly tables: number;
  readonly subscribers: number;
  /** CPU seats at each table after the three players' seats. */
  readonly cpuSeats: number;
}

/** What the API's /metrics says now: its threads' task ids by name, and the moves accepted so far (every seat). */
async function metricsNow(base: string): Promise<{ taskIds: Readonly<Record<string, number>>; moves: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return { taskIds: sampleFrom(text, performance.now()).taskIds, moves: movesIn(text) };
}

/**
 * Our API in its own process (`env` over the bench's settings: THREADS_IN_PROCESS…) under `plan`'s tables for
 * `plan.seconds`: CPU of the process, of its main thread and of each thread it names on /metrics.
 */
export async function runOurs(plan: ApiPlan, label: string, env: Record<string, string> = {}): Promise<ServerRun> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-bench-'));
  const base = `http://127.0.0.1:${port}`;
  // Three accounts sit at every table, so each has about a third of the tables' moves in flight at once: the
  // per-caller cap, sized for one person, would refuse most of them.
  const api = spawnApi(port, dataDir, { MAX_IN_FLIGHT_PER_CALLER: '0', ...env });
  try {
    await waitHealthy(base);
    const players = await Promise.all(['bench-a', 'bench-b', 'bench-c'].map((name) => register(`${base}/graphql`, name)));
    const sockets = await Promise.all(Array.from({ length: plan.subscribers }, () => openSocket(`ws://127.0.0.1:${port}/graphql`)));
    const measured = new Measurements();
    const connections = Array.from({ length: plan.tables }, () => HttpConnection.reopening(`${base}/graphql`));
    const tables = connections.map((connection, i) => new Table(connection.get, players, measured, { subscribers: sockets.filter((_, s) => s % plan.tables === i), cpuSeats: plan.cpuSeats }));
    const [metricsBefore, threadsBefore] = [await metricsNow(base), readThreads(api.pid as number)];
    const cpuBefore = { server: cpuSeconds(api.pid), main: mainThreadCpuSeconds(api.pid), client: process.cpuUsage() };
    const started = performance.now();
    await Promise.all(tables.map((table) => table.run(started + plan.seconds * 1000, 'CLASSIC')));
    const elapsedMs = performance.now() - started;
    const client = process.cpuUsage(cpuBefore.client);
    const cpu = { server: cpuSeconds(api.pid) - cpuBefore.server, main: mainThreadCpuSeconds(api.pid) - cpuBefore.main, client: (client.user + client.system) / 1e6 };
    const [threadsAfter, metricsAfter] = [readThreads(api.pid as number), await metricsNow(base)];
    const threads = threadsBefore && threadsAfter ? apiThreadUse(threadsBefore, threadsAfter, metricsAfter.taskIds) : null;
    await Promise.all(sockets.map((s) => s.dispose()));
    for (const connection of connections) connection.close();
    return { label, elapsedMs, measured, cpu, threads, moves: metricsAfter.moves - metricsBefore.moves };
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
