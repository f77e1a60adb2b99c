#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { HttpConnection } from './http-connection';
import { speedCheck } from './speed-check';
import { closeAgent, gql } from './load-client';
import { Measurements } from './measurements';
import { type Plan, pushDelays, table as reportTable, verdicts } from './report';
import { type Account, Table } from './table';

const USAGE = 'usage: npm run bench:api -- [--seconds N] [--tables N] [--subscribers N]   (defaults 20, 64, 100)';

/** The API in its own process, this load client against it, for `--seconds`. */
function planFrom(args: readonly string[]): Omit<Plan, 'port'> | string {
  const plan = { seconds: 20, tables: 64, subscribers: 100 };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]?.replace(/^--/, '') as keyof typeof plan;
    const value = Number(args[i + 1]);
    if (!(key in plan) || !Number.isInteger(value) || value < 1) return `${args[i] ?? ''} ${args[i + 1] ?? ''}: not understood`;
    plan[key] = value;
  }
  return plan;
}

/** A port nobody listens on now (other engineers' APIs and benchmarks share this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not become healthy');
}

function socket(wsUrl: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, on: { connected: () => resolve(client) }, onNonLazyError: reject });
  });
}

async function register(graphql: string, name: string): Promise<Account> {
  const reply = await gql<{ register: { token: string } }>(graphql, 'mutation($n: String!) { register(input: { name: $n, password: "bench-password" }) { token } }', { n: name });
  if (!reply.data) throw new Error(JSON.stringify(reply.errors));
  return { name, token: reply.data.register.token };
}

function apiNodeFlags(): string[] {
  return createRequire(__filename)(path.join(__dirname, '..', '..', 'node-flags.cjs')) as string[];
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Quiet-machine value of `speedCheck` (2026-11-30, the highest seen here with nothing else running), the baseline each run is compared to. */
const QUIET_SPEED = 130_000;

function speedLine({ before, after }: { before: number; after: number }): string {
  const share = (value: number): string => `${((100 * value) / QUIET_SPEED).toFixed(0)} %`;
  return `| machine speed check before / after (JSON round trips/s; ${QUIET_SPEED.toLocaleString('en')} on a quiet machine) | ${before.toFixed(0)} (${share(before)}) / ${after.toFixed(0)} (${share(after)}) |`;
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
  const env = { ...process.env, PORT: String(plan.port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', BOT_THINK_MS: '0' };
  // The flags `npm start` uses, unless BENCH_NODE_ARGS replaces them (profiling, comparisons).
  const flags = process.env['BENCH_NODE_ARGS'] === undefined ? apiNodeFlags() : process.env['BENCH_NODE_ARGS'].split(' ').filter(Boolean);
  const api = spawn(process.execPath, [...flags, path.join(__dirname, '..', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitHealthy(base);
    const players = await Promise.all(['bench-a', 'bench-b', 'bench-c'].map((name) => register(`${base}/graphql`, name)));
    const sockets = await Promise.all(Array.from({ length: plan.subscribers }, () => socket(`ws://127.0.0.1:${plan.port}/graphql`)));
    const measured = new Measurements();
    const connections = Array.from({ length: plan.tables }, () => HttpConnection.reopening(`${base}/graphql`));
    const tables = connections.map((connection, i) => new Table(connection.get, players, sockets.filter((_, s) => s % plan.tables === i), measured));
    const speedBefore = speedCheck();
    const cpuBefore = cpuSeconds(api.pid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(tables.map((table) => table.run(started + plan.seconds * 1000, 'PERUDO')));
    const elapsed = performance.now() - started;
    const clientUsage = process.cpuUsage(clientBefore);
    const cpu = { server: cpuSeconds(api.pid) - cpuBefore, client: (clientUsage.user + clientUsage.system) / 1e6 };
    await new Promise((resolve) => setTimeout(resolve, 300));
    const speed = { before: speedBefore, after: speedCheck() };
    const lines = [reportTable(plan, measured, elapsed, cpu), speedLine(speed), '', 'Targets (verdicts computed by this run):', ...verdicts(plan, measured, elapsed, pushDelays(measured))];
    process.stdout.write(`${lines.join('\n')}\n`);
    await Promise.all(sockets.map((s) => s.dispose()));
    for (const connection of connections) connection.close();
  } finally {
    closeAgent();
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
