// The console's part of `npm start` and `npm test`: typed operations, the production build, `next start`, and
// the browser tests' Chromium. start.cjs and test.cjs call these; everything else about the console lives in
// apps/console.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { root, run, runConcurrently, log } = require('./lib.cjs');

const app = path.join(root, 'apps/console');
const bin = (p) => path.join(root, 'node_modules', p);
const env = { NEXT_TELEMETRY_DISABLED: '1', NX_DAEMON: 'false' };
const CHROMIUM = '/usr/bin/chromium';

/** Types the operations from docs/schema.graphql; exits non-zero when one no longer matches the schema. */
function codegen() {
  run(process.execPath, [bin('@graphql-codegen/cli/cjs/bin.js'), '--config', path.join(app, 'codegen.cjs')], { env, timed: 'console codegen' });
}

/** Production build (type-checked by Next); skipped when nothing it reads changed since the last build. */
function buildConsole() {
  codegen();
  const stamp = path.join(app, '.next', 'liars-dice-build-stamp');
  const current = sourceStamp();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current) return log('console build: up to date');
  restoreBuildCache();
  run(process.execPath, [bin('next/dist/bin/next'), 'build'], { env, cwd: app, timed: 'console build (next build)' });
  fs.writeFileSync(stamp, current);
  keepBuildCache();
}

/**
 * Next's build cache (`.next/cache`) kept outside the checkout, as Next's docs ask CI to keep it between builds: a
 * fresh clone's build starts from the last one's instead of compiling everything. Best effort both ways: without it
 * the build compiles from scratch, as before.
 */
const buildCacheHome = path.join(process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache'), 'liars-dice', 'next-build-cache');
const buildCache = path.join(app, '.next', 'cache');

function restoreBuildCache() {
  if (fs.existsSync(buildCache) || !fs.existsSync(buildCacheHome)) return;
  try {
    fs.cpSync(buildCacheHome, buildCache, { recursive: true });
  } catch (error) {
    log(`note: Next's build cache was not restored (${error.message})`);
  }
}

function keepBuildCache() {
  const temporary = `${buildCacheHome}.${process.pid}.tmp`;
  try {
    fs.cpSync(buildCache, temporary, { recursive: true });
    fs.rmSync(buildCacheHome, { recursive: true, force: true });
    fs.renameSync(temporary, buildCacheHome);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    log(`note: Next's build cache was not kept for the next build (${error.message})`);
  }
}

/** Newest modification time over the console's sources and the game libraries it bundles. */
function sourceStamp() {
  let newest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // next-env.d.ts is Next's output (written by the first build): counting it would make the next check rebuild.
      if (['node_modules', '.next', 'browser', 'next-env.d.ts'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of ['apps/console', 'libs/game/rules/dist', 'libs/game/fairness/dist']) walk(path.join(root, dir));
  const schema = path.join(root, 'docs/schema.graphql');
  return String(Math.max(newest, fs.statSync(schema).mtimeMs));
}

/**
 * `next start` on `port`, passing `/graphql` (HTTP and websockets) to `apiUrl`. Returns the child; the caller
 * owns it (Next renames its process, so it is tracked by PID, never by name).
 */
function startConsole({ apiUrl, port, host = '127.0.0.1', stdio = 'inherit' }) {
  return spawn(process.execPath, [bin('next/dist/bin/next'), 'start', '--port', String(port), '--hostname', host], {
    cwd: app,
    stdio,
    env: { ...process.env, ...env, CONSOLE_API_URL: apiUrl, NODE_ENV: 'production' },
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = require('node:net').createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// A hang detector, not a speed check: an API start (Nest, the schema, its worker threads) can take over a minute
// on a loaded 2-core machine.
async function waitFor(url, child, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url}: not up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopChild(child) {
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

/**
 * A throwaway API (memory store, given settings) and `next start` in front of it, on free ports, logging to
 * `dataDir/servers.log`: the browser tests and the replay benchmark run against this. `stop()` ends both. Their
 * accounts all register from one address and their hosts open many lobbies: those caps are off (ADR 0070).
 */
async function startStack({ dataDir, apiEnv = {} }) {
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  const log = fs.openSync(path.join(dataDir, 'servers.log'), 'a');
  const api = spawn(process.execPath, [...require('../apps/api/node-flags.cjs'), path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, EVENT_STORE: 'memory', LOG_LEVEL: 'warn', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0', MAX_OPEN_LOBBIES: '0', ...apiEnv, PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const web = startConsole({ apiUrl, port: consolePort, stdio: ['ignore', log, log] });
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const stop = () => Promise.all([stopChild(web), stopChild(api)]);
  try {
    await waitFor(`${apiUrl}/health`, api);
    await waitFor(`${consoleUrl}/rules`, web);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, consoleUrl, stop };
}

/** Debian's Chromium for the browser tests, installed with apt-get when missing (CI starts from a clean machine). */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  log('installing chromium (apt-get)…');
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt(['update']).status !== 0 || apt(['install', '-y', '--no-install-recommends', 'chromium']).status !== 0 || !fs.existsSync(CHROMIUM)) {
    log('could not install chromium: the browser tests need /usr/bin/chromium (apt-get install chromium)');
    process.exit(1);
  }
  return CHROMIUM;
}

/** `tsc` over the console's unit and browser tests (Next type-checks the app itself while building). */
const typecheckTestsStep = () => ['typecheck console tests', process.execPath, [bin('typescript/bin/tsc'), '-p', path.join(app, 'tsconfig.spec.json')]];

/** Where `npm start` serves the console (CONSOLE_HOST:CONSOLE_PORT) and the API (HOST:PORT), as both read them. */
function startUrls() {
  const local = (host) => (!host || host === '0.0.0.0' ? '127.0.0.1' : host);
  const apiUrl = `http://${local(process.env.HOST)}:${process.env.PORT || 4000}`;
  const port = Number(process.env.CONSOLE_PORT || 3000);
  const host = process.env.CONSOLE_HOST || '127.0.0.1';
  return { apiUrl, consoleUrl: `http://${local(host)}:${port}`, host, port };
}

/**
 * `npm start`'s console: `next start` on CONSOLE_PORT (3000) passing `/graphql` to the API at HOST:PORT (as the
 * API reads them). Once both answer it prints the console's and GraphiQL's URLs, last, so they are what the
 * operator sees. The caller stops it with the API.
 */
function serveConsole() {
  const { apiUrl, consoleUrl, host, port } = startUrls();
  const child = startConsole({ apiUrl, port, host, stdio: ['ignore', 'ignore', 'inherit'] });
  const announce = async () => {
    for (let i = 0; i < 900 && child.exitCode === null; i++) {
      try {
        await fetch(`${apiUrl}/health/live`);
        await fetch(`${consoleUrl}/rules`);
        process.stdout.write(
          `Liar's Dice console ready\n  Console        ${consoleUrl}\n  GraphiQL       ${consoleUrl}/graphiql (signed in: your token is sent)\nCtrl-C stops the API and the console.\n`,
        );
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  void announce();
  return child;
}

/** Refreshing the committed screenshots needs a CJK font, or the Japanese page shows empty boxes. */
function ensureScreenshotFonts() {
  if (process.env.CONSOLE_SCREENSHOTS !== 'docs') return;
  const fonts = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  if (fonts.status === 0 && fonts.stdout.trim()) return;
  log('installing fonts-noto-cjk for the screenshots (apt-get)…');
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-noto-cjk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * Builds the console, then runs its browser tests (one API, one `next start`, two test files at a time; see apps/console/browser)
 * while the tests' type-check runs beside them on the other core. Resolves once both passed; exits if one failed.
 */
async function browserTests(extraArgs = []) {
  ensureChromium();
  ensureScreenshotFonts();
  buildConsole();
  // After the build: Next writes next-env.d.ts and the route types the tests' type-check reads.
  await runConcurrently([
    typecheckTestsStep(),
    [
      'console browser tests',
      process.execPath,
      [bin('jest/bin/jest.js'), '--ci', '--config', path.join(app, 'browser/jest.config.cjs'), ...extraArgs],
      { env: { ...env, CHROMIUM_PATH: CHROMIUM } },
    ],
  ]);
}

const USAGE = `usage: node scripts/console.cjs browser-tests [file…]
  Builds the console and runs its browser tests (apps/console/browser/*.e2e-spec.ts) in Debian's Chromium.
  With files, only those: each is a test file's name or a part of it (\`session\`, \`live-lists.e2e-spec.ts\`),
  matched against the file names only (never the directories above them); one that matches none is refused.
  CONSOLE_SCREENSHOTS=docs writes the screenshots to docs/console/.`;

const browserDir = path.join(app, 'browser');

/**
 * The browser test files that `names` pick, as paths. A name is matched against the test files' names only: a
 * Jest path pattern would match the whole path, so `session` would pick every file of a checkout under
 * `…/console-session/`.
 */
function browserTestFiles(names) {
  const all = fs.readdirSync(browserDir).filter((name) => name.endsWith('.e2e-spec.ts'));
  const unknown = names.filter((name) => !all.some((file) => file.includes(path.basename(name))));
  if (unknown.length > 0) throw new Error(`no browser test file matches ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  return all.filter((file) => names.some((name) => file.includes(path.basename(name)))).map((file) => path.join(browserDir, file));
}

/** `node scripts/console.cjs browser-tests [file…]`: the browser tests alone, optionally some files of them. */
function main(argv) {
  const [command, ...names] = argv;
  if (command === '--help' || command === '-h') return void process.stdout.write(`${USAGE}\n`);
  const flags = names.filter((name) => name.startsWith('-'));
  let files = [];
  try {
    if (command !== 'browser-tests') throw new Error(`unknown command: ${command ?? '(none)'}`);
    if (flags.length > 0) throw new Error(`unknown option: ${flags.join(' ')}`);
    files = names.length > 0 ? browserTestFiles(names) : [];
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  browserTests(files.length > 0 ? ['--runTestsByPath', ...files] : []).catch((error) => {
    log(`failed: ${error.stack ?? error}`);
    process.exit(1);
  });
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { startUrls, codegen, buildConsole, startConsole, serveConsole, startStack, ensureChromium, browserTests, CHROMIUM };
