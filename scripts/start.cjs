// `npm start`: install what is missing, build, then run the game service (GraphQL API) on the embedded
// SQLite store in ./data and the console (Next.js, scripts/console.cjs), printing their URLs. Settings come
// from the environment (docs/operations.md).
// The API runs under a supervisor: started again with backoff if it ever exits unexpectedly.
const path = require('node:path');
const { root, ensureDependencies, build } = require('./lib.cjs');
const { supervise } = require('./supervise.cjs');
const consoleApp = require('./console.cjs');

ensureDependencies();
build();
consoleApp.buildConsole();
const api = supervise({
  command: process.execPath,
  args: [...require('../apps/api/node-flags.cjs'), path.join(root, 'apps/api/dist/main.js')],
  cwd: root,
  // CONSOLE_URL: the API's banner names the console's GraphiQL page.
  env: { DATA_DIR: path.join(root, 'data'), CONSOLE_URL: consoleApp.startUrls().consoleUrl, ...require('../apps/api/node-env.cjs'), ...process.env },
});
const web = consoleApp.serveConsole();
// Ctrl-C / SIGTERM reach the API, which drains in-flight commands before it exits, and the console.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (web.kill(signal), void api.stop(signal)));
api.done.then((code) => (web.kill('SIGTERM'), process.exit(code)));
