// Starts the API (memory store, quick CPUs, voids and bans confirmed by a second moderator) and `next start` on free ports, once for every browser test.
// The API signs tokens with a secret the tests know (CONSOLE_JWT_SECRET), so a test can make a short-lived token for an account.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');

module.exports = async function globalSetup() {
  const { startStack } = require(path.join(root, 'scripts/console.cjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const jwtSecret = require('node:crypto').randomBytes(32).toString('hex');
  const apiEnv = { BOT_THINK_MS: '60', RATE_LIMIT_PER_MINUTE: '1000000',
    // support/api.ts claims it for the admin (ADR 0070).
    ADMIN_SETUP_TOKEN: 'browser-admin-setup-token-0123456789', MODERATION_SECOND_MODERATOR: 'true', JWT_SECRET: jwtSecret };
  const stack = await startStack({ dataDir, apiEnv });
  process.env.CONSOLE_URL = stack.consoleUrl;
  process.env.CONSOLE_API_URL = stack.apiUrl;
  process.env.CONSOLE_E2E_DIR = dataDir;
  process.env.CONSOLE_JWT_SECRET = jwtSecret;
  globalThis.__consoleStack = { stack, dataDir };
};
