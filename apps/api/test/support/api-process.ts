import { type ChildProcess, spawn, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';
import path from 'node:path';
import { TEST_JWT_SECRET, TEST_LIMITS } from './test-api';

/** The compiled API as `npm start` runs it (npm test builds it before Jest runs). */
export const API_MAIN = path.join(__dirname, '..', '..', 'dist', 'main.js');

export interface ApiProcess {
  readonly child: ChildProcess;
  readonly url: { graphql: string; ws: string };
  /** The base URL (health, metrics). */
  readonly base: string;
}

/**
 * The settings the e2e tests run the API with, on `dataDir`, a free port, plus `env`. The embedded store unless
 * `env` names an EventStoreDB: a connection string in the test's own environment is for the tests that ask for it.
 */
export function apiEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { EVENTSTORE_CONNECTION_STRING: _notInherited, ...inherited } = process.env;
  return { ...inherited, PORT: '0', DATA_DIR: dataDir, BOT_THINK_MS: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, ...TEST_LIMITS, ...env };
}

/**
 * Starts the compiled API as a child process; resolves once it prints its URLs, rejects if it exits first.
 * `listen` hears its standard output from the first line (what it logs while starting too); `fileLimit` is the
 * child's open-file limit (set by the shell's `ulimit -n` before it starts Node).
 */
export function startApiProcess(
  dataDir: string,
  env: Record<string, string> = {},
  { listen, fileLimit }: { listen?: (chunk: string) => void; fileLimit?: number } = {},
): Promise<ApiProcess> {
  const options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe> = { env: apiEnv(dataDir, env), stdio: ['ignore', 'pipe', 'pipe'] };
  const child =
    fileLimit === undefined
      ? spawn(process.execPath, [API_MAIN], options)
      : spawn('/bin/sh', ['-c', `ulimit -n ${fileLimit} && exec "$0" "$1"`, process.execPath, API_MAIN], options);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (!process.env['API_QUIET']) process.stderr.write(chunk);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      listen?.(chunk.toString());
      out += chunk.toString();
      const found = /GraphQL\s+(http:\/\/\S+)\/graphql/.exec(out);
      if (found?.[1]) resolve({ child, base: found[1], url: { graphql: `${found[1]}/graphql`, ws: `${found[1].replace('http', 'ws')}/graphql` } });
    });
    child.once('exit', (code) => reject(Object.assign(new Error(`the API exited (${code}) before it was ready: ${err || out}`), { code, stderr: err })));
  });
}

/** Resolves once the child has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<unknown> => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
