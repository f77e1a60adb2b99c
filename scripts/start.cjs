// `npm start`: install what is missing, build, then run the game service (GraphQL API) on the embedded
// SQLite store in ./data, printing its URLs. Settings come from the environment (docs/operations.md).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { root, ensureDependencies, build } = require('./lib.cjs');

ensureDependencies();
build();
const api = spawn(process.execPath, [...require('../apps/api/node-flags.cjs'), path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
// Ctrl-C / SIGTERM reach the API, which drains in-flight commands before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
