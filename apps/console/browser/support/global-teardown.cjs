// Stops the two servers global-setup started (by their PIDs) and removes their data.
const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const started = globalThis.__consoleStack;
  if (!started) return;
  await started.stack.stop();
  if (process.env.KEEP_CONSOLE_E2E !== '1') fs.rmSync(started.dataDir, { recursive: true, force: true });
};
