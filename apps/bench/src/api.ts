#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HttpConnection } from './http-connection';
import { cpuSeconds, freePort, mainThreadCpuSeconds, openSocket, register, runBench, spawnApi, stopApi, waitHealthy, wholeNumberFlags } from './harness';
import { speedCheck, speedLine } from './speed-check';
import { closeAgent } from './load-client';
import { Measurements } from './measurements';
import { type Plan, pushDelays, table as reportTable, verdicts } from './report';
import { Table } from './table';

const USAGE = 'usage: npm run bench:api -- [--seconds N] [--tables N] [--subscribers N]   (defaults 20, 64, 100)';

/** The API in its own process, this load client against it, for `--seconds`. */
function planFrom(args: readonly string[]): Omit<Plan, 'port'> | string {
  return wholeNumberFlags(args, { seconds: 20, tables: 64, subscribers: 100 });
}

async function main(): Promise<void> {
  const asked = planFrom(process.argv.slice(2));
  if (typeof asked === 'string') {
    process.stderr.write(`${asked}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const plan: Plan = { ...asked, port: await freePort() };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-bench-'));
  const base = `http://127.0.0.1:${plan.port}`;
  const api = spawnApi(plan.port, dataDir);
  try {
    await waitHealthy(base);
    const players = await Promise.all(['bench-a', 'bench-b', 'bench-c'].map((name) => register(`${base}/graphql`, name)));
    const sockets = await Promise.all(Array.from({ length: plan.subscribers }, () => openSocket(`ws://127.0.0.1:${plan.port}/graphql`)));
    const measured = new Measurements();
    const connections = Array.from({ length: plan.tables }, () => HttpConnection.reopening(`${base}/graphql`));
    const tables = connections.map((connection, i) => new Table(connection.get, players, sockets.filter((_, s) => s % plan.tables === i), measured));
    const speedBefore = await speedCheck();
    const cpuBefore = cpuSeconds(api.pid);
    const mainBefore = mainThreadCpuSeconds(api.pid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(tables.map((table) => table.run(started + plan.seconds * 1000, 'PERUDO')));
    const elapsed = performance.now() - started;
    const clientUsage = process.cpuUsage(clientBefore);
    const cpu = { server: cpuSeconds(api.pid) - cpuBefore, main: mainThreadCpuSeconds(api.pid) - mainBefore, client: (clientUsage.user + clientUsage.system) / 1e6 };
    await new Promise((resolve) => setTimeout(resolve, 300));
    const speed = { before: speedBefore, after: await speedCheck() };
    const lines = [reportTable(plan, measured, elapsed, cpu), speedLine(speed), '', 'Targets (verdicts computed by this run):', ...verdicts(plan, measured, elapsed, pushDelays(measured))];
    process.stdout.write(`${lines.join('\n')}\n`);
    await Promise.all(sockets.map((s) => s.dispose()));
    for (const connection of connections) connection.close();
  } finally {
    closeAgent();
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
