// The console's part of `npm start` and `npm test`: typed operations, the production build, `next start`, and
// the browser tests' Chromium. start.cjs and test.cjs call these; everything else about the console lives in
// apps/console.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { root, run, log } = require('./lib.cjs');

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
  run(process.execPath, [bin('next/dist/bin/next'), 'build'], { env, cwd: app, timed: 'console build (next build)' });
  fs.writeFileSync(stamp, current);
}

/** Newest modification time over the console's sources and the game libraries it bundles. */
function sourceStamp() {
  let newest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.next') continue;
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

/** Builds the console and runs its browser tests (one API, one `next start`, one Chromium; see apps/console/browser). */
function browserTests(extraArgs = []) {
  ensureChromium();
  buildConsole();
  run(process.execPath, [bin('jest/bin/jest.js'), '--ci', '--runInBand', '--config', path.join(app, 'browser/jest.config.cjs'), ...extraArgs], {
    env: { ...env, CHROMIUM_PATH: CHROMIUM },
    timed: 'console browser tests',
  });
}

module.exports = { codegen, buildConsole, startConsole, ensureChromium, browserTests, CHROMIUM };
