import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock file's name inside the data directory. */
export const LOCK_FILE = 'owner.lock';

/** Who holds a data directory: written into the lock file as one JSON object. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is told apart; null off Linux. */
  readonly started: string | null;
  /** What the holder runs (`api`, `rebuild`…) and since when (ISO-8601). */
  readonly purpose: string;
  readonly since: string;
  /** Random per acquisition: two locks of one process, or a lock and its stale predecessor, differ by it. */
  readonly nonce: string;
}

/** The data directory is owned by a live process: this one must not start. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === hostname() ? '' : ` on host ${holder.host} (another machine: its liveness cannot be checked from here)`;
    super(
      `data directory ${dataDir} is in use by process ${holder.pid} (${holder.purpose}, since ${holder.since})${where}. ` +
        `One process at a time may own a data directory: stop that process first, or give this one another DATA_DIR. ` +
        `(Lock file: ${path.join(dataDir, LOCK_FILE)}; it is cleared automatically once its holder has exited.)`,
    );
  }
}

/** The lock file cannot be read as a lock (damaged, or not ours): say which file, never guess. */
export class DataDirLockUnreadableError extends Error {
  constructor(readonly file: string, detail: string) {
    super(`lock file ${file} cannot be read (${detail}); if no process uses its data directory, delete the file and start again`);
  }
}

/** The start time of process `pid` in clock ticks since boot (field 22 of /proc/<pid>/stat), or null when unknown. */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the recorded holder still runs: on this host, its pid exists and (where /proc tells) started when
 * the lock says, so a pid the system has since given to another process does not count. A holder on another
 * host is taken as alive: nothing here can tell.
 */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (!processExists(holder.pid)) return false;
  const started = processStartTicks(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataDirLockUnreadableError(file, (error as Error).message);
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    if (Number.isInteger(holder.pid) && typeof holder.host === 'string' && typeof holder.nonce === 'string') return holder;
  } catch {
    // reported below
  }
  throw new DataDirLockUnreadableError(file, 'not a lock written by this service');
}

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * One process at a time owns a data directory (its SQLite files have one writer each, and the live caches
 * assume nobody else appends behind their back). The lock file holds the owner's pid, host and start time;
 * it appears atomically (a hard link of a finished temporary file), so a reader never sees half of one.
 * A lock whose holder has exited (a crash, kill -9) is stale: it is removed and replaced. Only the holder of a
 * short-lived break file may remove another process's lock, and only after checking, while it holds it, that
 * the lock is still the one judged stale: several processes breaking it at once cannot both win.
 */
export class DataDirLock {
  private released = false;
  private readonly onExit = (): void => this.release();

  private constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    /** The stale holder replaced on the way in, if any (for the log). */
    readonly replaced: LockHolder | null,
  ) {
    // A process that exits without closing (an uncaught error, process.exit) leaves no lock behind.
    process.once('exit', this.onExit);
  }

  get file(): string {
    return path.join(this.dataDir, LOCK_FILE);
  }

  /** Takes the directory's lock for `purpose`, or throws DataDirLockedError naming the live holder. */
  static acquire(dataDir: string, purpose: string): DataDirLock {
    const file = path.join(dataDir, LOCK_FILE);
    const holder: LockHolder = { pid: process.pid, host: hostname(), started: processStartTicks(process.pid), purpose, since: new Date().toISOString(), nonce: randomBytes(8).toString('hex') };
    const draft = `${file}.${holder.nonce}.tmp`;
    writeFileSync(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
    let replaced: LockHolder | null = null;
    try {
      for (let attempt = 0; attempt < 200; attempt++) {
        if (tryLink(draft, file)) return new DataDirLock(dataDir, holder, replaced);
        const current = readHolder(file);
        if (current === null) continue; // released meanwhile: try again
        if (holderAlive(current)) throw new DataDirLockedError(dataDir, current);
        if (removeIfStill(file, current, holder)) replaced = current;
      }
      throw new DataDirLockUnreadableError(file, 'it kept changing while this process tried to take it');
    } finally {
      unlinkSync(draft);
    }
  }

  /** Removes the lock file if it is still this acquisition's (idempotent). */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    // Gone or replaced by hand: nothing of ours to remove.
    unlinkIfNonce(this.file, this.holder.nonce);
  }
}

function tryLink(draft: string, file: string): boolean {
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errno(error) === 'EEXIST') return false;
    throw error;
  }
}

/** A synchronous pause (acquiring the lock is synchronous, at start-up only). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes the stale lock if it is still the one judged stale, holding the break file while it checks and
 * removes: nobody else removes a lock meanwhile, and a new lock can only appear once this one is gone, so the
 * check and the removal cannot be separated by another process's win. Another breaker at work: wait a little
 * and start over. A break file left by a breaker that died is removed (its holder is checked like a lock's).
 */
function removeIfStill(file: string, stale: LockHolder, ours: LockHolder): boolean {
  const breaker = `${file}.break`;
  try {
    writeFileSync(breaker, `${JSON.stringify(ours)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (errno(error) !== 'EEXIST') throw error;
    const other = readOrNull(breaker); // null also while its writer is still writing it
    if (other !== null && !holderAlive(other)) unlinkIfNonce(breaker, other.nonce);
    else pause(5);
    return false;
  }
  try {
    if (readHolder(file)?.nonce !== stale.nonce) return false;
    unlinkSync(file);
    return true;
  } finally {
    unlinkIfNonce(breaker, ours.nonce);
  }
}

function readOrNull(file: string): LockHolder | null {
  try {
    return readHolder(file);
  } catch {
    return null;
  }
}

function unlinkIfNonce(file: string, nonce: string): void {
  try {
    if (readOrNull(file)?.nonce === nonce) unlinkSync(file);
  } catch {
    // Gone already: nothing to remove.
  }
}
