#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { HttpConnection } from './http-connection';
import { speedCheck } from './speed-check';
import { closeAgent, gql } from './load-client';
import { ms, quantile } from './stats';
import { type Account, Measurements, Table } from './table';

/** `npm run bench:api -- [seconds] [tables] [subscribers]`: the API in its own process, this load client against it. */
interface Plan {
  readonly seconds: number;
  readonly tables: number;
  readonly subscribers: number;
  readonly port: number;
}

function planFrom(args: readonly string[]): Plan {
  const [seconds = '20', tables = '64', subscribers = '100'] = args;
  return { seconds: Number(seconds), tables: Number(tables), subscribers: Number(subscribers), port: 4300 + (process.pid % 500) };
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

function report(plan: Plan, measured: Measurements, elapsed: number, cpu: { server: number; client: number }): string {
  const serverCpu = cpu.server;
  const delays = measured.pushes.flatMap(({ key, at }) => {
    const ack = measured.acks.get(key);
    return ack === undefined ? [] : [at - ack];
  });
  const early = delays.filter((d) => d < 0).length;
  const clamped = delays.map((d) => Math.max(0, d));
  return [
    `| measure | value |`,
    `|---|---|`,
    `| duration | ${(elapsed / 1000).toFixed(1)} s |`,
    `| tables (concurrent matches, 3 seats each, perudo) | ${plan.tables} |`,
    `| websocket subscribers | ${plan.subscribers} |`,
    `| mutations | ${measured.mutations} (${measured.errors} errors) |`,
    `| matches finished | ${measured.matches} |`,
    `| **mutations/s** | **${(measured.mutations / (elapsed / 1000)).toFixed(0)}** |`,
    `| API process CPU during the run | ${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / measured.mutations).toFixed(2)} ms per mutation, pushes and projections included) |`,
    `| mutations per API CPU-second | ${(measured.mutations / serverCpu).toFixed(0)} |`,
    `| load client CPU during the run | ${cpu.client.toFixed(1)} s |`,
    `| mutation latency p50 / p99 | ${ms(quantile(measured.latencies, 0.5))} / ${ms(quantile(measured.latencies, 0.99))} |`,
    `| pushes matched to an ack | ${delays.length} (${early} arrived before the ack, counted as 0) |`,
    `| **ack → push p50 / p99** | **${ms(quantile(clamped, 0.5))} / ${ms(quantile(clamped, 0.99))}** |`,
    // Unclamped: a negative delay is a push that reached the subscriber before the mutation's own reply.
    `| push time − ack time p1 / p50 / p99 / max (unclamped) | ${[0.01, 0.5, 0.99, 1].map((q) => ms(quantile(delays, q))).join(' / ')} |`,
  ].join('\n');
}

/** Quiet-machine value of `speedCheck` (2026-11-30, the highest seen here with nothing else running), the baseline each run is compared to. */
const QUIET_SPEED = 130_000;

function speedLine({ before, after }: { before: number; after: number }): string {
  const share = (value: number): string => `${((100 * value) / QUIET_SPEED).toFixed(0)} %`;
  return `| machine speed check before / after (JSON round trips/s; ${QUIET_SPEED.toLocaleString('en')} on a quiet machine) | ${before.toFixed(0)} (${share(before)}) / ${after.toFixed(0)} (${share(after)}) |`;
}

async function main(): Promise<void> {
  const plan = planFrom(process.argv.slice(2));
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
    const connections = await Promise.all(Array.from({ length: plan.tables }, () => HttpConnection.open(`${base}/graphql`)));
    const tables = connections.map((connection, i) => new Table(connection, players, sockets.filter((_, s) => s % plan.tables === i), measured));
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
    process.stdout.write(`${report(plan, measured, elapsed, cpu)}\n${speedLine(speed)}\n`);
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
