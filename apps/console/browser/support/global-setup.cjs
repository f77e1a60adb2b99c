// Starts the API (memory store, quick CPUs) and `next start` on free ports, once for every browser test.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url}: not up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

module.exports = async function globalSetup() {
  const { startConsole } = require(path.join(root, 'scripts/console.cjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  const logFile = fs.openSync(path.join(dataDir, 'servers.log'), 'a');
  const api = spawn(
    process.execPath,
    [...require(path.join(root, 'apps/api/node-flags.cjs')), path.join(root, 'apps/api/dist/main.js')],
    {
      cwd: root,
      stdio: ['ignore', logFile, logFile],
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        EVENT_STORE: 'memory',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        BOT_THINK_MS: '60',
        RATE_LIMIT_PER_MINUTE: '1000000',
        ADMIN_NAME: 'root',
      },
    },
  );
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${apiUrl}/health`, api);
  const web = startConsole({ apiUrl, port: consolePort, stdio: ['ignore', logFile, logFile] });
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  await waitFor(`${consoleUrl}/rules`, web);
  process.env.CONSOLE_URL = consoleUrl;
  process.env.CONSOLE_API_URL = apiUrl;
  process.env.CONSOLE_E2E_DIR = dataDir;
  globalThis.__consoleStack = { api, web, dataDir };
};
