// Starts the API (memory store, quick CPUs, voids and bans confirmed by a second moderator) and `next start` on free ports, once for every browser test.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');

module.exports = async function globalSetup() {
  const { startStack } = require(path.join(root, 'scripts/console.cjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const stack = await startStack({ dataDir, apiEnv: { BOT_THINK_MS: '60', RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_NAME: 'root', MODERATION_SECOND_MODERATOR: 'true' } });
  process.env.CONSOLE_URL = stack.consoleUrl;
  process.env.CONSOLE_API_URL = stack.apiUrl;
  process.env.CONSOLE_E2E_DIR = dataDir;
  globalThis.__consoleStack = { stack, dataDir };
};
