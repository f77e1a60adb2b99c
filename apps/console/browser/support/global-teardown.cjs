// Stops the two servers global-setup started (by their PIDs) and removes their data.
const fs = require('node:fs');

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

module.exports = async function globalTeardown() {
  const stack = globalThis.__consoleStack;
  if (!stack) return;
  await Promise.all([stop(stack.web), stop(stack.api)]);
  if (process.env.KEEP_CONSOLE_E2E !== '1') fs.rmSync(stack.dataDir, { recursive: true, force: true });
};
