#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSeconds, freePort, register, runBench, spawnApi, stopApi, waitHealthy } from './harness';
import { HttpConnection } from './http-connection';
import { speedCheck, speedLine } from './speed-check';

/**
 * The HTTP edge's CPU per request (ADR 0021), with its baseline in the same run: the same plain POSTs answered
 * by the compiled route and by Apollo (an `Accept: application/graphql-response+json` hands the same route's
 * request to Apollo unchanged), alternated in rounds so both see the same machine. Server CPU from /proc.
 */
const OPERATIONS = {
  'me (query, signed in)': { query: '{ me { id name role } }', variables: {} },
  'placeBid refused (mutation, input object, NOT_FOUND)': {
    query: 'mutation($input: PlaceBidInput!) { placeBid(input: $input) { id revision myDice } }',
    variables: { input: { matchId: 'no-such-match', commandId: 'edge-1', quantity: 2, face: 3 } },
  },
};
const ROUTES = { compiled: '', apollo: 'accept: application/graphql-response+json\r\n' };
const ROUNDS = 5;

async function sendMany(count: number, send: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i++) await send();
}

/** The API's CPU seconds while `send` runs. */
async function cpuOf(pid: number | undefined, send: () => Promise<void>): Promise<number> {
  const before = cpuSeconds(pid);
  await send();
  return cpuSeconds(pid) - before;
}

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 2000);
  if (!Number.isInteger(requests) || requests < 1) throw new Error('usage: npm run bench:http-edge -- [requests per round, default 2000]');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-edge-'));
  const api = spawnApi(port, dataDir);
  try {
    await waitHealthy(`http://127.0.0.1:${port}`);
    const { token } = await register(`http://127.0.0.1:${port}/graphql`, 'edge-player');
    const connection = await HttpConnection.open(`http://127.0.0.1:${port}/graphql`);
    const speedBefore = await speedCheck();
    const cpu = new Map<string, number>();
    const steps = Object.entries(OPERATIONS).flatMap(([name, operation]) => Object.entries(ROUTES).map(([route, headers]) => ({ key: `${name} | ${route}`, operation, headers })));
    // Round 0 warms both routes up (compilation, caches, JIT) and is not counted.
    const schedule = Array.from({ length: ROUNDS + 1 }, (_, round) => steps.map((step) => ({ ...step, counted: round > 0 }))).flat();
    for (const { key, operation, headers, counted } of schedule) {
      const used = await cpuOf(api.pid, () => sendMany(requests, () => connection.post(operation.query, operation.variables, token, headers)));
      if (counted) cpu.set(key, (cpu.get(key) ?? 0) + used);
    }
    const speed = { before: speedBefore, after: await speedCheck() };
    connection.close();
    const perRequest = (key: string) => ((cpu.get(key) ?? 0) * 1e6) / (ROUNDS * requests);
    const lines = ['| operation | compiled route (µs API CPU per request) | Apollo (µs) | saved |', '|---|---|---|---|'];
    for (const name of Object.keys(OPERATIONS)) {
      const [compiled, apollo] = [perRequest(`${name} | compiled`), perRequest(`${name} | apollo`)];
      lines.push(`| ${name} | ${compiled.toFixed(0)} | ${apollo.toFixed(0)} | ${(100 * (1 - compiled / apollo)).toFixed(0)} % |`);
    }
    process.stdout.write(`${[`${ROUNDS} rounds of ${requests} requests per operation and route, one keep-alive connection`, '', ...lines, speedLine(speed)].join('\n')}\n`);
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
