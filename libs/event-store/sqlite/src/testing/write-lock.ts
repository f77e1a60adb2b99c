import { readFileSync, statSync } from 'node:fs';

/** SQLite's WAL write lock: byte 120 of the `-shm` file, held by the writer from BEGIN to the end of COMMIT. */
const WAL_WRITE_LOCK_BYTE = 120;

/**
 * Whether process `pid` holds the WAL write lock of database `file` right now, i.e. is inside a write
 * transaction (its inserts or its COMMIT and fsync). Read from /proc/locks (Linux), without opening the file:
 * another connection would change what is observed.
 */
export function holdsWriteLock(file: string, pid: number): boolean {
  let inode: number;
  try {
    inode = statSync(`${file}-shm`).ino;
  } catch {
    return false;
  }
  const lock = new RegExp(`POSIX +ADVISORY +WRITE +${pid} +[0-9a-f]+:[0-9a-f]+:${inode} +${WAL_WRITE_LOCK_BYTE} +${WAL_WRITE_LOCK_BYTE}$`);
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => !line.includes('->') && lock.test(line));
}
