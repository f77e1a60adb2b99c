#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createRng } from '@liars-dice/game-bots';
import type { Client } from 'graphql-ws';
import { HttpConnection } from '../http-connection';
import { apiSettings, freePort, openSocket, register, spawnApi, stopApi, waitHealthy } from '../harness';
import { speedCheck, speedLine } from '../speed-check';
import type { Account } from '../table';
import { ApiSampler } from './api-sampler';
import { LiveTable } from './live-table';
import { accountCount, CPU_THINK_MS, parseTablesArgs, type TableSetup, type TablesPlan, tableSetups, USAGE } from './plan';
import { Player, TableLink } from './table-link';
import { TablesMeasurements } from './table-measurements';
import { type RunFacts, stepsTable, tablesTable, tablesVerdicts } from './tables-report';
import { lookAtThreads, threadsSection, type ThreadsLook } from './thread-schedule';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stderr.write(`[simulate tables] ${line}\n`);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** Runs `jobs` with at most `width` at a time (registrations and socket handshakes would swamp the API at once). */
async function limited<T>(count: number, width: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, count) }, async () => {
    while (next < count) {
      const index = next++;
      results[index] = await job(index);
    }
  }));
  return results;
}

interface Clients {
  readonly tables: LiveTable[];
  readonly sockets: Client[];
  readonly players: Player[];
}

/** Every table's players (accounts taken in turn from the pool), their sockets and the HTTP connections. */
async function seatClients(base: string, setups: readonly TableSetup[], accounts: readonly Account[], options: { measured: TablesMeasurements; seed: number }): Promise<Clients> {
  const { measured, seed } = options;
  let turn = 0;
  const seating = setups.map((setup) => setup.seats.filter((s) => s.kind === 'HUMAN').map(() => accounts[turn++ % accounts.length] as Account));
  const wsUrl = `${base.replace('http', 'ws')}/graphql`;
  const sockets: Client[] = [];
  const players = await limited(setups.length, 32, async (i) => {
    const setup = setups[i] as TableSetup;
    const humans = seating[i] as Account[];
    // The host always subscribes; on a websocket table every human also sends its moves over its own socket.
    return Promise.all(humans.map(async (account, seat): Promise<Player> => {
      const socket = seat === 0 || setup.transport === 'ws' ? await openSocket(wsUrl, account.token) : null;
      if (socket) sockets.push(socket);
      return new Player(account, socket, setup.transport === 'http' ? HttpConnection.reopening(`${base}/graphql`) : null);
    }));
  });
  const tables = setups.map((setup, i) => new LiveTable(setup, players[i] as Player[], new TableLink(setup.transport, measured), createRng(`table|${seed}|${i}`)));
  return { tables, sockets, players: players.flat() };
}

/** How long the end of the run waits for requests still in flight (an overloaded API may never answer some). */
const STOP_GRACE_MS = 15_000;

/**
 * The ramp-up, then `plan.seconds` measured: the window is timed by the load client's clock alone, whatever the
 * API's /metrics takes to answer (its samples land where they land), and the tables get a bounded time to stop.
 */
async function play(plan: TablesPlan, api: { base: string; pid?: number }, clients: Clients, measured: TablesMeasurements): Promise<{ sampler: ApiSampler; from: number; to: number; threads: { before: ThreadsLook; after: ThreadsLook } }> {
  const sampler = new ApiSampler(api.base, 5000, api.pid);
  clients.tables.forEach((table, i) => table.start((i / clients.tables.length) * plan.rampSeconds * 1000));
  const sweep = setInterval(() => clients.tables.forEach((t) => t.checkStalled(performance.now())), 2000);
  await sleep(plan.rampSeconds * 1000);
  measured.open();
  const from = performance.now();
  const threadsBefore = lookAtThreads(api.pid);
  const first = sampler.take().catch(() => undefined);
  sampler.start();
  const progress = setInterval(() => say(`${(measured.windowMs / 1000).toFixed(0)} s: ${measured.humanMoves} human moves, ${measured.matches} matches finished, ${measured.errorCount} errors`), 10_000);
  await sleep(from + plan.seconds * 1000 - performance.now());
  measured.close();
  const threadsAfter = lookAtThreads(api.pid);
  const to = performance.now();
  clearInterval(progress);
  sampler.stop();
  await Promise.all([first, sampler.take().catch(() => undefined)]);
  clearInterval(sweep);
  const stopped = Promise.all(clients.tables.map((t) => t.stop()));
  if ((await Promise.race([stopped, sleep(STOP_GRACE_MS).then(() => 'late' as const)])) === 'late') say(`some requests were still unanswered ${STOP_GRACE_MS / 1000} s after the end; not waiting for them`);
  return { sampler, from, to: Math.max(to, sampler.samples.at(-1)?.at ?? to), threads: { before: threadsBefore, after: threadsAfter } };
}

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const plan = parseTablesArgs(process.argv.slice(2));
  if (typeof plan === 'string') {
    process.stderr.write(`${plan}\n${USAGE}\n`);
    return 2;
  }
  const setups = tableSetups(plan);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-simulate-'));
  const loadBefore = load();
  // Before the API starts and after it has stopped: the machine as others leave it, not as this run loads it.
  const speedBefore = await speedCheck();
  // The production defaults where they matter: CPU seats think, the per-account rate limit is on.
  const apiEnv = { BOT_THINK_MS: String(CPU_THINK_MS), RATE_LIMIT_PER_MINUTE: '1200' };
  const api = spawnApi(port, dataDir, apiEnv);
  let report: { head: string[]; tail: string[] };
  try {
    await waitHealthy(base);
    const accounts = await limited(accountCount(setups), 8, (i) => register(`${base}/graphql`, `sim-${i}`));
    say(`${accounts.length} accounts registered`);
    const measured = new TablesMeasurements();
    const clients = await seatClients(base, setups, accounts, { measured, seed: plan.seed });
    say(`${clients.sockets.length} websockets open; ${setups.length} tables start over ${plan.rampSeconds} s, then ${plan.seconds} s measured`);
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const clientBefore = process.cpuUsage();
    const { sampler, from, to, threads } = await play(plan, { base, pid: api.pid }, clients, measured);
    const clientUsage = process.cpuUsage(clientBefore);
    clientLoop.disable();
    await Promise.all(clients.sockets.map((s) => s.dispose()));
    for (const player of clients.players) player.close();
    const facts: RunFacts = {
      plan,
      setups,
      accounts: accounts.length,
      measured,
      samples: sampler.between(from, to),
      client: { cpuSeconds: (clientUsage.user + clientUsage.system) / 1e6, eventLoopP99Ms: clientLoop.percentile(99) / 1e6 },
    };
    const title = `simulate tables --count ${plan.count} --seconds ${plan.seconds}${plan.soak ? ` --soak --warmup ${plan.warmupSeconds}` : ''} --seed ${plan.seed}`;
    const roles = [...sampler.samples].reverse().find((s) => Object.keys(s.taskIds).length > 0)?.taskIds ?? {};
    report = {
      head: [`\`${title}\` — load average (1/5/15 min) before ${loadBefore}, after ${load()}`, '', `The API as \`npm start\` runs it, with: ${apiSettings(apiEnv)}.`, '', tablesTable(facts)],
      tail: [stepsTable(facts.samples), '', threadsSection({ ...threads, wallMs: measured.windowMs }, roles), '', 'Targets (verdicts computed by this run):', ...tablesVerdicts(facts, from + plan.warmupSeconds * 1000)],
    };
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const speed = { before: speedBefore, after: await speedCheck() };
  process.stdout.write(`${[...report.head, speedLine(speed), ...report.tail].join('\n')}\n`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
