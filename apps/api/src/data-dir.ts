import { chmodSync, closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { makeDirectory } from '@liars-dice/event-store-sqlite';
import path from 'node:path';

/** Every file of the data directory holds live hands, sealed seeds or secrets: owner only. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** The databases the API opens in the data directory (their -wal/-shm companions follow their mode). */
const DATABASES = ['events.sqlite', 'read.sqlite'];

/**
 * Makes the data directory 0700 and every file in it 0600 (also a directory from an older version), and
 * creates the databases empty with 0600 before SQLite opens them: SQLite gives a database's -wal, -shm
 * and journal files the mode of the database itself, so none of them is ever readable by others, whatever
 * the umask.
 */
export function secureDataDir(dataDir: string, databases: readonly string[] = DATABASES): void {
  makeDirectory(dataDir, DATA_DIR_MODE);
  chmodSync(dataDir, DATA_DIR_MODE);
  for (const name of databases) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) closeSync(openSync(file, 'a', DATA_FILE_MODE));
  }
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(path.join(dataDir, entry.name), DATA_FILE_MODE);
  }
}
