import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventData, type Subject } from './workload';

/** Emmett is installed for the benchmark only, on first use: its sqlite3 dependency compiles from source. */
const VERSION = '0.38.5';

interface EmmettSqliteStore {
  appendToStream(
    stream: string,
    events: { type: string; data: unknown }[],
    options?: { expectedStreamVersion?: bigint | string },
  ): Promise<unknown>;
  close?(): Promise<void> | void;
}
interface EmmettSqliteModule {
  getSQLiteEventStore(options: { fileName: string; schema?: { autoMigration?: string } }): EmmettSqliteStore;
}

export function ensureEmmett(root: string, log: (line: string) => void): string {
  const dir = path.join(root, 'tmp', 'bench-emmett');
  const entry = path.join(dir, 'node_modules', '@event-driven-io', 'emmett-sqlite');
  if (existsSync(entry)) return entry;
  mkdirSync(dir, { recursive: true });
  const dependencies = { '@event-driven-io/emmett': VERSION, '@event-driven-io/emmett-sqlite': VERSION };
  const allowScripts = { sqlite3: true };
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'bench-emmett', private: true, dependencies, allowScripts }, null, 2),
  );
  log(`installing Emmett ${VERSION} into ${dir} (first run only; sqlite3 compiles from source, ~2 min)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0 || !existsSync(entry)) throw new Error(`could not install Emmett into ${dir}`);
  return entry;
}

/** SQLITE_BUSY failures of Emmett's COMMIT that the benchmark retried. */
export let emmettRetries = 0;

/** (c) Emmett's SQLite event store on the same workload, with its own expected-version check. */
export function emmettSubject(entry: string): Subject {
  return {
    name: `(c) Emmett SQLite ${VERSION}`,
    scale: 0.1,
    async open(dir) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const emmett = require(entry) as EmmettSqliteModule;
      const store = emmett.getSQLiteEventStore({
        fileName: path.join(dir, 'emmett.db'),
        schema: { autoMigration: 'CreateOrUpdate' },
      });
      // Emmett's SQLite store fails concurrent appends on one instance ("SQL statements in progress"), so
      // appends are queued one after another, as an application using it would have to; it still fails a
      // COMMIT now and then with SQLITE_BUSY, which is retried (and counted in the report).
      let tail: Promise<unknown> = Promise.resolve();
      const appendOnce = async (stream: string, revision: number): Promise<void> => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            await store.appendToStream(stream, [{ type: 'BidPlaced', data: eventData(stream, revision) }], {
              expectedStreamVersion: BigInt(revision),
            });
            return;
          } catch (error) {
            if (attempt >= 5 || !String((error as Error).message).includes('SQLITE_BUSY')) throw error;
            emmettRetries += 1;
          }
        }
      };
      return {
        append: (stream, revision) => {
          const next = tail.then(() => appendOnce(stream, revision));
          tail = next.catch(() => undefined);
          return next;
        },
        close: async () => {
          await store.close?.();
        },
      };
    },
  };
}
