import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Why the store could not be opened, said to the user (exit 2): a tool that reads or rebuilds never creates a store. */
export class NoStoreError extends Error {}

/** The API's data directory from the same setting (DATA_DIR, ./data by default), as an absolute path. */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return path.resolve(env['DATA_DIR'] ?? 'data');
}

/**
 * The data directory a tool works on, refused (NoStoreError, naming it) unless it is there already, and, on the
 * embedded store (no EVENTSTORE_CONNECTION_STRING), holds `events.sqlite`: a mistyped DATA_DIR would otherwise
 * leave an empty store behind and answer "no match" or "0 events replayed".
 */
export function existingDataDir(env: NodeJS.ProcessEnv): { readonly dataDir: string; readonly eventsFile: string | null } {
  const dataDir = dataDirOf(env);
  const hint = "set DATA_DIR to the API's data directory (or EVENTSTORE_CONNECTION_STRING)";
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) throw new NoStoreError(`no data directory at ${dataDir}: ${hint}`);
  if (env['EVENTSTORE_CONNECTION_STRING']) return { dataDir, eventsFile: null };
  const eventsFile = path.join(dataDir, 'events.sqlite');
  if (!existsSync(eventsFile)) throw new NoStoreError(`no event store at ${eventsFile}: ${hint}`);
  return { dataDir, eventsFile };
}
