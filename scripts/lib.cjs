// Shared helpers for the project's own entry scripts (npm start / npm test). Plain Node, no dependencies,
// because they run before anything is installed.
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.liars-dice-install-stamp');

function log(message) {
  process.stderr.write(`[liars-dice] ${message}\n`);
}

// Programs whose standard output is their answer (scenario, bot…) set this so installs and builds
// never print there.
let toStderr = false;
function quietStdout() {
  toStderr = true;
}

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: options.cwd ?? root, stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : ['inherit', toStderr ? 2 : 'inherit', 'inherit'], env: { ...process.env, ...options.env } });
  if (options.timed) log(`${options.timed}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    log(`failed: ${command} ${args.join(' ')} (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function lockHash() {
  const lock = path.join(root, 'package-lock.json');
  const text = fs.existsSync(lock) ? fs.readFileSync(lock) : fs.readFileSync(path.join(root, 'package.json'));
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * Installs npm packages: `npm ci` on a fresh clone, a quick non-destructive `npm install` when node_modules
 * exists but is older than the lockfile, nothing when it matches.
 */
function ensureDependencies() {
  const wanted = lockHash();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return;
  const fresh = !fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'));
  const hasLock = fs.existsSync(path.join(root, 'package-lock.json'));
  const verb = fresh && hasLock ? 'ci' : 'install';
  log(`installing dependencies (npm ${verb})…`);
  run('npm', [verb, '--no-audit', '--no-fund'], { timed: 'install' });
  fs.writeFileSync(stamp, lockHash());
}

function build() {
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b'], { timed: 'build (tsc -b)' });
}

module.exports = { root, log, run, ensureDependencies, build, quietStdout };
