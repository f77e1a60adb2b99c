// `npm start`: install what is missing, build, then run the game service (GraphQL API) on the embedded
// SQLite store in ./data and the console (Next.js, scripts/console.cjs), printing their URLs. Settings come
// from the environment (docs/operations.md).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { root, ensureDependencies, build } = require('./lib.cjs');
const consoleApp = require('./console.cjs');

ensureDependencies();
build();
consoleApp.buildConsole();
const api = spawn(process.execPath, [...require('../apps/api/node-flags.cjs'), path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
const web = consoleApp.serveConsole();
// Ctrl-C / SIGTERM reach the API, which drains in-flight commands before it exits, and the console.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (api.kill(signal), web.kill(signal)));
api.on('exit', (code, signal) => (web.kill('SIGTERM'), process.exit(code ?? (signal ? 1 : 0))));
