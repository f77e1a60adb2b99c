import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { API_KEEP_ALIVE_MS } from './http-connection';
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

/** The API app's folder (apps/api): its compiled entry point and the Node flags and environment `npm start` gives it. */
const API_APP = path.join(__dirname, '..', '..', 'api');

function apiNodeFlags(): string[] {
  return createRequire(__filename)(path.join(API_APP, 'node-flags.cjs')) as string[];
}

/** The environment `npm start` gives the API (apps/api/node-env.cjs: MALLOC_ARENA_MAX), under the caller's own. */
function apiNodeEnv(): Record<string, string> {
  return createRequire(__filename)(path.join(API_APP, 'node-env.cjs')) as Record<string, string>;
}

/**
 * What the benchmarks' API is told beyond \`npm start\`'s production defaults, as an operator would set it for a load
 * that comes from one address: one load client on 127.0.0.1 stands for thousands of players, so the bounds per
 * address (connections, websockets, registrations) are off, anonymous callers may send any text (the load's
 * documents are not the console's), and nothing else differs (headers and request timeouts, connection and body
 * limits, the per-caller cap and the rest keep their defaults). A benchmark sets the rate limit and the CPU seats'
 * think time over these, and its report prints them (\`apiSettings\`).
 */
export const BENCH_API_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  BOT_THINK_MS: '0',
  MAX_SOCKETS_PER_ADDRESS: '0',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  ANONYMOUS_OPERATIONS: 'any',
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0',
  MAX_OPEN_LOBBIES: '0',
  HTTP_KEEP_ALIVE_MS: String(API_KEEP_ALIVE_MS),
};

/** The settings a benchmark's API ran with beyond the production defaults (\`BENCH_API_ENV\` under \`env\`), as one line. */
export function apiSettings(env: Record<string, string> = {}): string {
  return Object.entries({ ...BENCH_API_ENV, ...env })
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}

/**
 * The compiled API in its own process on \`port\` and \`dataDir\`, with the Node flags \`npm start\` uses (unless
 * BENCH_NODE_ARGS replaces them: profiling, comparisons) and its environment (apps/api/node-env.cjs, under this
 * process's), and \`BENCH_API_ENV\` with the benchmark's \`env\` over it. Its standard output is dropped, or appended
 * to the file BENCH_API_STDOUT names (GC traces).
 */
export function spawnApi(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const settings = {
    ...apiNodeEnv(),
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...BENCH_API_ENV,
    ...env,
  };
  const flags = process.env['BENCH_NODE_ARGS'] === undefined ? apiNodeFlags() : process.env['BENCH_NODE_ARGS'].split(' ').filter(Boolean);
  // V8's --trace-gc* lines go to the API's standard output: BENCH_API_STDOUT keeps them in that file (appended).
  const stdoutFile = process.env['BENCH_API_STDOUT'];
  const stdout = stdoutFile ? openSync(stdoutFile, 'a') : 'ignore';
  try {
    return spawn(process.execPath, [...flags, path.join(API_APP, 'dist', 'main.js')], { env: settings, stdio: ['ignore', stdout, 'inherit'] });
  } finally {
    if (typeof stdout === 'number') closeSync(stdout);
  }
}

/** SIGTERM, then resolves once it has exited. */
export async function stopApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null || api.signalCode !== null) return;
  const gone = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await gone;
}

/** CPU seconds (user + system) of a /proc `stat` file (Linux): a process's, or one of its threads'. */
function statCpuSeconds(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds (user + system) a process has used so far, all its threads. */
export function cpuSeconds(pid: number | undefined): number {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/**
 * CPU seconds (user + system) the process's main thread has used so far (its task id is the process id), from
 * /proc (Linux): the thread that decides commands and answers GraphQL, apart from the worker threads.
 */
export function mainThreadCpuSeconds(pid: number | undefined): number {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

/** A benchmark's API: its process and base URL; `stop` ends it and removes its data directory. */
export interface BenchApi {
  readonly process: ChildProcess;
  readonly base: string;
  stop(): Promise<void>;
}

/** `spawnApi` on a free port and a fresh temporary data directory (named `prefix…`), once it is healthy. */
export async function startBenchApi(prefix: string, env: Record<string, string> = {}): Promise<BenchApi> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const api = spawnApi(port, dataDir, env);
  const stop = async (): Promise<void> => {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { process: api, base, stop };
}

/** `--name N` pairs, each a whole number ≥ 1 naming one of `defaults`' keys, over `defaults`; else what was not understood. */
export function wholeNumberFlags<T extends Record<string, number>>(args: readonly string[], defaults: T): T | string {
  const flags: Record<string, number> = { ...defaults };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]?.replace(/^--/, '') ?? '';
    const value = Number(args[i + 1]);
    if (!(key in flags) || !Number.isInteger(value) || value < 1) return `${args[i] ?? ''} ${args[i + 1] ?? ''}: not understood`;
    flags[key] = value;
  }
  return flags as T;
}

/** A benchmark's entry point: a failure is printed on standard error and the exit code is 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}

