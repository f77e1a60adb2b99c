import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gql } from './load-client';
import type { Account } from './table';

/** A port nobody listens on now (other engineers' APIs and benchmarks share this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the API answers `/health` with 200 (ready: caught up, taking traffic). */
export async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not become healthy');
}

/** A graphql-ws client (anonymous, or signed in with `token`), resolved once connected. */
export function openSocket(wsUrl: string, token?: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      on: { connected: () => resolve(client) },
      onNonLazyError: reject,
    });
  });
}

export async function register(graphql: string, name: string): Promise<Account> {
  const reply = await gql<{ register: { token: string } }>(graphql, 'mutation($n: String!) { register(input: { name: $n, password: "bench-password" }) { token } }', { n: name });
  if (!reply.data) throw new Error(JSON.stringify(reply.errors));
  return { name, token: reply.data.register.token };
}

function apiNodeFlags(): string[] {
  return createRequire(__filename)(path.join(__dirname, '..', '..', 'node-flags.cjs')) as string[];
}

/** The environment `npm start` gives the API (apps/api/node-env.cjs: MALLOC_ARENA_MAX), under the caller's own. */
function apiNodeEnv(): Record<string, string> {
  return createRequire(__filename)(path.join(__dirname, '..', '..', 'node-env.cjs')) as Record<string, string>;
}

/**
 * The compiled API in its own process on `port` and `dataDir`, with the Node flags `npm start` uses (unless
 * BENCH_NODE_ARGS replaces them: profiling, comparisons) and its environment (apps/api/node-env.cjs, under this
 * process's), and the benchmark's settings over `env`.
 */
export function spawnApi(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const settings = { ...apiNodeEnv(), ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', BOT_THINK_MS: '0', ...env };
  const flags = process.env['BENCH_NODE_ARGS'] === undefined ? apiNodeFlags() : process.env['BENCH_NODE_ARGS'].split(' ').filter(Boolean);
  return spawn(process.execPath, [...flags, path.join(__dirname, '..', 'main.js')], { env: settings, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** SIGTERM, then resolves once it has exited. */
export async function stopApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null || api.signalCode !== null) return;
  const gone = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await gone;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
