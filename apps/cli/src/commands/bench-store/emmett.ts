import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmmettMode } from './emmett-store';
import type { Measurement, Outcome, Subject } from './workload';

/** Emmett is installed for the benchmark only, on first use: its sqlite3 dependency compiles from source. */
const VERSION = '0.38.5';

export function ensureEmmett(root: string, log: (line: string) => void): string {
  const dir = path.join(root, 'tmp', 'bench-emmett');
  const entry = path.join(dir, 'node_modules', '@event-driven-io', 'emmett-sqlite');
  if (existsSync(entry)) return entry;
  mkdirSync(dir, { recursive: true });
  const dependencies = { '@event-driven-io/emmett': VERSION, '@event-driven-io/emmett-sqlite': VERSION };
  const allowScripts = { sqlite3: true };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-emmett', private: true, dependencies, allowScripts }, null, 2));
  log(`installing Emmett ${VERSION} into ${dir} (first run only; sqlite3 compiles from source, ~2 min)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 2, 2] });
  if (result.status !== 0 || !existsSync(entry)) throw new Error(`could not install Emmett into ${dir}`);
  return entry;
}

/** SQLITE_BUSY failures of Emmett's appends that the benchmark retried, over every measurement. */
export const emmettStats = { retries: 0 };

function failed(name: string, streams: number, why: string): Outcome {
  const measurement: Measurement = { subject: name, streams, appends: 0, perSecond: 0, medianMs: Number.NaN, p99Ms: Number.NaN, failed: why };
  return { measurement, durability: 'not read (the measurement failed)' };
}

/**
 * node-sqlite3 runs every statement on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says more): a
 * connection waiting for SQLite's write lock holds a pool thread, so with more writers than threads the lock's
 * holder cannot run its COMMIT and everyone waits out the 1 s busy timeout. The child gets a thread per writer.
 */
function runChild(name: string, task: object, streams: number, timeoutMs: number): Promise<Outcome> {
  const env = { ...process.env, UV_THREADPOOL_SIZE: String(Math.min(1024, streams + 8)) };
  const child = spawn(process.execPath, [path.join(__dirname, 'emmett-child.js'), JSON.stringify(task)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        const { outcome, retries } = JSON.parse(stdout) as { outcome: Outcome; retries: number };
        emmettStats.retries += retries;
        return resolve(outcome);
      }
      const last = stderr.trim().split('\n').filter((line) => /SQLITE_|Error/.test(line)).at(-1) ?? `exit ${code ?? signal}`;
      resolve(failed(name, streams, signal === 'SIGKILL' ? `did not finish within ${timeoutMs / 1000} s` : `crashed: ${last.slice(0, 120)}`));
    }),
  );
}

/**
 * (c) Emmett's SQLite event store, each measurement in a child process (crashes and stalls of its driver stay
 * there): `per-stream` gives it the concurrency its API allows, an instance per stream; `queued`, one instance
 * with the appends one after another, is run too because Emmett 0.38.5 is faster that way.
 */
export function emmettSubject(entry: string, mode: EmmettMode, timeoutMs: number): Subject {
  const name = `(c) Emmett SQLite ${VERSION}, ${mode === 'per-stream' ? 'an instance per stream' : 'one instance, appends queued'}`;
  return {
    name,
    run: (dir, streams, perStream) => runChild(name, { name, entry, dir, mode, streams, perStream }, streams, timeoutMs),
  };
}
