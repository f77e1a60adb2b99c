import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirLock, DataDirLockedError, DataDirLockUnreadableError, LOCK_FILE, type LockHolder, processStartTicks } from './data-dir-lock';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE);
const plant = (holder: Partial<LockHolder>) =>
  writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, host: hostname(), started: processStartTicks(process.pid), purpose: 'api', since: '2026-01-01T00:00:00.000Z', nonce: 'planted', ...holder }));

/** The pid of a process that has run and exited (so nobody holds it now, barring reuse). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout as unknown as number;
}

describe('the data directory lock', () => {
  it('given a free directory, when a process takes it, then the lock file names that process, and release removes it', () => {
    const lock = DataDirLock.acquire(dir, 'api');
    const written = JSON.parse(readFileSync(lockFile(), 'utf8')) as LockHolder;
    expect(written).toMatchObject({ pid: process.pid, host: hostname(), purpose: 'api', started: processStartTicks(process.pid) });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('given a live holder (even this very process), when another acquisition comes, then it is refused naming the directory and the holder, and the lock stays', () => {
    const first = DataDirLock.acquire(dir, 'api');
    let refusal: unknown;
    try {
      DataDirLock.acquire(dir, 'rebuild');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`data directory ${dir} is in use by process ${process.pid} (api, since `);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    first.release();
    DataDirLock.acquire(dir, 'rebuild').release();
  });

  it('given a lock left by a process that has exited (kill -9), then it is stale: replaced, and the replacement says whose it was', () => {
    const gone = Number(deadPid());
    plant({ pid: gone, started: '1' });
    const lock = DataDirLock.acquire(dir, 'api');
    expect(lock.replaced).toMatchObject({ pid: gone, nonce: 'planted' });
    expect((JSON.parse(readFileSync(lockFile(), 'utf8')) as LockHolder).pid).toBe(process.pid);
    lock.release();
  });

  it('given a lock whose pid now belongs to a process started at another time, then it is stale too', () => {
    plant({ started: '1' });
    const lock = DataDirLock.acquire(dir, 'api');
    expect(lock.replaced?.nonce).toBe('planted');
    lock.release();
  });

  it('given a lock from another host, then it is refused with that host named (its liveness cannot be checked)', () => {
    plant({ host: 'elsewhere.example', pid: 4242 });
    expect(() => DataDirLock.acquire(dir, 'api')).toThrow(/in use by process 4242 .* on host elsewhere\.example/);
  });

  it('given a lock file that is not one, then the error names the file instead of guessing', () => {
    writeFileSync(lockFile(), 'garbage');
    expect(() => DataDirLock.acquire(dir, 'api')).toThrow(DataDirLockUnreadableError);
    expect(() => DataDirLock.acquire(dir, 'api')).toThrow(lockFile());
  });

  it('given a lock that was replaced by hand, then releasing the old one leaves the new one alone', () => {
    const lock = DataDirLock.acquire(dir, 'api');
    plant({ nonce: 'someone-else' });
    lock.release();
    expect(existsSync(lockFile())).toBe(true);
  });
});
