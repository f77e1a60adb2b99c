import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, stopApi } from '../harness';
import { Measurements } from '../measurements';
import type { ServerRun } from '../server-run';
import { BOARDGAMEIO_VERSION, ensureBoardgameIo } from './install';
import { loadClients, PeerTable } from './peer-table';

/** boardgame.io's server in a process of its own; resolves with its port once it listens. */
function startServer(installDir: string): Promise<{ server: ChildProcess; port: number }> {
  const server = spawn(process.execPath, [path.join(__dirname, 'server.js'), installDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /^ready (\d+)$/m.exec(out)?.[1];
      if (port) resolve({ server, port: Number(port) });
    });
    server.once('exit', (code) => reject(new Error(`the boardgame.io server exited (code ${code}) before it listened`)));
  });
}

/**
 * The peer baseline: a minimal Liar's Dice (liars-dice-game.ts) on boardgame.io's own server, on loopback with its
 * in-memory store, played by boardgame.io's own clients with bench:api's tables, spectators and moves.
 */
export async function runPeer(plan: { seconds: number; tables: number; subscribers: number }, log: (line: string) => void): Promise<ServerRun> {
  const installDir = ensureBoardgameIo(log);
  const lib = loadClients(installDir);
  const { server, port } = await startServer(installDir);
  try {
    const measured = new Measurements();
    const spectators = (table: number) => Array.from({ length: plan.subscribers }, (_, s) => s).filter((s) => s % plan.tables === table).length;
    const tables = Array.from({ length: plan.tables }, (_, i) => new PeerTable(lib, `http://127.0.0.1:${port}`, spectators(i), measured));
    const cpuBefore = cpuSeconds(server.pid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(tables.map((table) => table.run(started + plan.seconds * 1000)));
    const elapsedMs = performance.now() - started;
    const client = process.cpuUsage(clientBefore);
    const serverCpu = cpuSeconds(server.pid) - cpuBefore;
    // One JavaScript thread (and libuv's): the whole process is its main thread's work.
    return { label: `boardgame.io ${BOARDGAMEIO_VERSION} (its server, in-memory store)`, elapsedMs, measured, cpu: { server: serverCpu, main: serverCpu, client: (client.user + client.system) / 1e6 }, threads: null, moves: measured.mutations };
  } finally {
    await stopApi(server);
  }
}
