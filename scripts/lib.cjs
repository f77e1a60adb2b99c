// Shared helpers for the project's own entry scripts (npm start / npm test). Plain Node, no dependencies,
// because they run before anything is installed.
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
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

/**
 * Runs independent steps at the same time (each `[label, command, args, options]`), each one's output held back
 * and printed whole when it ends, so logs never interleave. On a 2-core machine two single-threaded steps (eslint,
 * tsc) take about as long together as the longer one alone. Exits like `run` when one fails, after all have ended.
 * Step options: `live` lets one step (Jest) print as it goes; `background` runs a step 10 nice levels lower, so it
 * takes mostly the CPU the other steps leave idle, until they have all ended (then it gets its priority back).
 */
async function runConcurrently(steps) {
  const started = Date.now();
  const background = new Set();
  let foreground = steps.filter(([, , , options = {}]) => !options.background).length;
  const outcomes = await Promise.all(steps.map(([label, command, args, options = {}]) => new Promise((resolve) => {
    const output = options.live ? 'inherit' : 'pipe';
    const child = spawn(command, args, { cwd: options.cwd ?? root, stdio: ['ignore', output, output], env: { ...process.env, ...options.env } });
    if (options.background) {
      background.add(child);
      setTreePriority(child.pid, os.getPriority() + 10);
    }
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('error', (error) => held.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      background.delete(child);
      if (!options.background && --foreground === 0) for (const rest of background) setTreePriority(rest.pid, os.getPriority());
      const text = Buffer.concat(held);
      if (text.length > 0) process.stderr.write(text);
      log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve({ label, command, args, status: code ?? signal });
    });
  })));
  const failed = outcomes.filter((o) => o.status !== 0);
  for (const { command, args, status } of failed) log(`failed: ${command} ${args.join(' ')} (exit ${status})`);
  if (failed.length > 0) process.exit(typeof failed[0].status === 'number' ? failed[0].status : 1);
}

/**
 * Sets the nice level of a process, its descendants and all their threads (Linux keeps one per thread; a process's
 * new threads and children inherit it). Best effort: where /proc is missing only `pid` itself, and a level the
 * user may not set (raising priority needs root) is left as it was.
 */
function setTreePriority(pid, priority) {
  if (pid === undefined) return;
  const level = Math.max(-20, Math.min(19, priority));
  for (const id of fs.existsSync('/proc') ? threadsOfTree(pid) : [pid]) {
    try {
      os.setPriority(id, level);
    } catch {
      // gone already, or not permitted
    }
  }
}

function threadsOfTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrEmpty(`/proc/${entry}/stat`);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree.flatMap((p) => (fs.existsSync(`/proc/${p}/task`) ? fs.readdirSync(`/proc/${p}/task`).map(Number) : [p]));
}

function readOrEmpty(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
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
  cacheSqliteBinary();
  fs.writeFileSync(stamp, lockHash());
}

/**
 * better-sqlite3's install asks prebuild-install for a prebuilt binary, which it downloads from GitHub (unreachable
 * here), so it compiles SQLite instead: about 80 s of a fresh install on 2 cores. Once compiled, the binary is packed
 * into prebuild-install's own download cache (npm's cache, `_prebuilds`), under the name a download of the same
 * version, Node ABI and platform would have, so the next fresh install on this machine unpacks it (prebuild-install
 * then loads it to check it). Best effort: without the cache an install compiles, as before.
 */
function cacheSqliteBinary() {
  const moduleDir = path.join(root, 'node_modules', 'better-sqlite3');
  const binary = path.join('build', 'Release', 'better_sqlite3.node');
  try {
    const pkg = require(path.join(moduleDir, 'package.json'));
    const options = require(path.join(root, 'node_modules', 'prebuild-install', 'rc.js'))(pkg);
    const util = require(path.join(root, 'node_modules', 'prebuild-install', 'util.js'));
    const cached = util.cachedPrebuild(util.getDownloadUrl({ ...options, pkg }));
    if (fs.existsSync(cached) || !fs.existsSync(path.join(moduleDir, binary))) return;
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    const temporary = `${cached}.${process.pid}.tmp`;
    const packed = spawnSync('tar', ['-czf', temporary, '-C', moduleDir, binary], { stdio: 'ignore' });
    if (packed.status !== 0) throw new Error(`tar exited with ${packed.status ?? packed.error?.message}`);
    fs.renameSync(temporary, cached);
    log(`better-sqlite3's compiled binary is cached for the next fresh install (${cached})`);
  } catch (error) {
    log(`note: better-sqlite3's binary was not cached (${error.message}); the next fresh install compiles it again`);
  }
}

const OUTPUT = /\.(js|d\.ts)(\.map)?$/;

/** Each workspace package's compiled output folder and the source folder it mirrors (from its tsconfig). */
function packageOutputs() {
  const { workspaces } = require(path.join(root, 'package.json'));
  const dirs = workspaces.flatMap((pattern) => {
    const [top, ...rest] = pattern.split('/');
    let found = [path.join(root, top)];
    for (let i = 0; i < rest.length; i++) found = found.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d).map((e) => path.join(d, e)) : []));
    return found;
  });
  return dirs.flatMap((dir) => {
    const tsconfig = path.join(dir, 'tsconfig.json');
    if (!fs.existsSync(tsconfig)) return [];
    const options = JSON.parse(fs.readFileSync(tsconfig, 'utf8')).compilerOptions ?? {};
    if (!options.outDir || !options.rootDir) return [];
    return [{ out: path.join(dir, options.outDir), src: path.join(dir, options.rootDir) }];
  });
}

function pruneTree(out, src) {
  let removed = 0;
  for (const entry of fs.readdirSync(out, { withFileTypes: true })) {
    const target = path.join(out, entry.name);
    if (entry.isDirectory()) {
      removed += pruneTree(target, path.join(src, entry.name));
      if (fs.readdirSync(target).length === 0) fs.rmdirSync(target);
      continue;
    }
    const stem = entry.name.replace(OUTPUT, '');
    if (stem === entry.name) continue;
    if (['.ts', '.tsx', '.cts', '.mts'].some((ext) => fs.existsSync(path.join(src, stem + ext)))) continue;
    fs.rmSync(target);
    removed++;
  }
  return removed;
}

/**
 * `tsc -b` never deletes what an earlier build wrote: a source moved or deleted leaves its old output behind,
 * and a stale `dist/x.js` then shadows a new `dist/x/index.js` at run time. Output whose source is gone goes.
 */
function pruneStaleOutputs() {
  let removed = 0;
  for (const { out, src } of packageOutputs()) if (fs.existsSync(out)) removed += pruneTree(out, src);
  if (removed > 0) log(`removed ${removed} compiled file(s) whose source no longer exists`);
}

function build() {
  pruneStaleOutputs();
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b'], { timed: 'build (tsc -b)' });
}

module.exports = { root, log, run, runConcurrently, ensureDependencies, build, quietStdout, pruneStaleOutputs };
