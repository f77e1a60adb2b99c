import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningApi, type StartOptions, startApi } from '../../src/server';

export const TEST_JWT_SECRET = 'e2e-secret-0123456789-0123456789-0123456789';
/** The admin setup token the test servers take (ADMIN_SETUP_TOKEN): `TestPlayer.registerAdmin` claims it. */
export const TEST_ADMIN_SETUP_TOKEN = 'e2e-admin-setup-token-0123456789';
/**
 * Settings every test server starts with: no per-address or per-host caps (the tests register many accounts from
 * one address and open many lobbies per host), and the known setup token. The abuse tests set the caps back.
 */
export const TEST_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_MINUTE: '0',
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0',
  MAX_OPEN_LOBBIES: '0',
  ADMIN_SETUP_TOKEN: TEST_ADMIN_SETUP_TOKEN,
};

/** The real app on a temporary data directory (embedded SQLite unless `env` says otherwise), random port. */
export async function startTestApi(env: Record<string, string> = {}, options: StartOptions & { dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'liars-dice-e2e-'));
  const api: RunningApi = await startApi(
    { PORT: '0', DATA_DIR: dataDir, BOT_THINK_MS: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, ...TEST_LIMITS, ...env },
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
