import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from './data-dir-lock';

const TS_REQUIRE = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');
const LOCK_SOURCE = path.join(__dirname, 'data-dir-lock.ts');

/**
 * A child process that loads the lock code, says `ready`, and on a line from stdin tries to take the lock of
 * `dir`, printing `held` (then holding it until killed) or the refusal's class name.
 */
function contender(dir: string): ChildProcessWithoutNullStreams {
  const script = `require(${JSON.stringify(TS_REQUIRE)}); const { DataDirLock } = require(${JSON.stringify(LOCK_SOURCE)});
    process.stdout.write('ready\\n');
    process.stdin.once('data', () => {
      try { DataDirLock.acquire(process.argv[1], 'race'); process.stdout.write('held\\n'); setInterval(() => undefined, 1000); }
      catch (error) { process.stdout.write(error.constructor.name + '\\n'); process.exit(0); }
    });`;
  return spawn(process.execPath, ['-e', script, dir]);
}

/** The lines a child prints, in order, as promises: `lines(child)(n)` resolves with its n-th line. */
function lines(child: ChildProcessWithoutNullStreams): (index: number) => Promise<string> {
  const seen: string[] = [];
  const waiting = new Map<number, (line: string) => void>();
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) {
      seen.push(part);
      waiting.get(seen.length - 1)?.(part);
    }
  });
  return (index) => (index < seen.length ? Promise.resolve(seen[index] as string) : new Promise((resolve) => waiting.set(index, resolve)));
}

describe('the data directory lock between processes', () => {
  it('given a stale lock and several processes breaking it at the same moment, then exactly one of them holds the directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-race-'));
    // Pid 2^22 + 1 is above Linux's pid_max: no process has it.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 4194305, host: hostname(), started: '1', purpose: 'api', since: '2026-01-01T00:00:00.000Z', nonce: 'stale' }));
    const children = Array.from({ length: 4 }, () => contender(dir));
    const output = children.map(lines);
    try {
      await Promise.all(output.map((line) => line(0)));
      const outcomes = output.map((line) => line(1));
      for (const child of children) child.stdin.write('go\n');
      expect((await Promise.all(outcomes)).sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'held']);
    } finally {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
