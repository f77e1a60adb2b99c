import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningApi, type StartOptions, startApi } from '../../src/server';

export const TEST_JWT_SECRET = 'e2e-secret-0123456789-0123456789-0123456789';

/** The real app on a temporary data directory (embedded SQLite unless `env` says otherwise), random port. */
export async function startTestApi(env: Record<string, string> = {}, options: StartOptions & { dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'liars-dice-e2e-'));
  const api: RunningApi = await startApi(
    { PORT: '0', DATA_DIR: dataDir, BOT_THINK_MS: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, RATE_LIMIT_PER_MINUTE: '0', ...env },
    options,
  );
  return {
    api,
    dataDir,
    async stop(keepData = false) {
      await api.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
