// Keeps one child process running: started again with backoff whenever it exits without being asked to,
// each exit logged with why (exit code or signal, how long it had run, the pause before the next start).
// Plain Node, no dependencies. `npm start` runs the API under it (scripts/start.cjs).
const { spawn } = require('node:child_process');

/** The child's exit code for a bad setting: starting it again cannot help. */
const EXIT_CONFIG = 78;
/** A child that ran this long before exiting is considered healthy: its next pause starts over. */
const HEALTHY_MS = 60_000;

/** A JSON line, or at a terminal one a person reads (as the API's own logs are there). */
function logLine(fields) {
  const time = new Date();
  if (!process.stderr.isTTY) return void process.stderr.write(`${JSON.stringify({ time: time.toISOString(), service: 'supervisor', ...fields })}\n`);
  const { level, msg, ...rest } = fields;
  const details = Object.entries(rest).map(([key, value]) => `${key}=${value}`).join(' ');
  process.stderr.write(`[${time.toTimeString().slice(0, 8)}] ${level.toUpperCase()} (supervisor): ${msg}${details ? ` ${details}` : ''}\n`);
}

/**
 * `supervise({ command, args, env, cwd })` runs `command args` with stdio inherited. On SIGINT/SIGTERM the
 * signal goes to the child and the supervisor exits with the child's code once it has stopped. Any other exit
 * (a crash, an exit code, a signal from elsewhere such as kill -9) is logged and the child started again
 * after 1 s, 2 s, 4 s … up to `maxPauseMs`; the pause starts over after a run of HEALTHY_MS. Exit code 78 (a
 * configuration error) ends the supervisor with it. Returns a handle whose `stop()` ends it all (tests).
 */
function supervise({ command, args, env, cwd, firstPauseMs = 1_000, maxPauseMs = 30_000, log = logLine }) {
  let child = null;
  let stopping = false;
  let failures = 0;
  let pending = null;
  let exited = null;
  const done = new Promise((resolve) => (exited = resolve));

  const start = () => {
    pending = null;
    const startedAt = Date.now();
    child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    log({ level: 'info', msg: 'started', pid: child.pid });
    child.on('exit', (code, signal) => {
      const ranMs = Date.now() - startedAt;
      child = null;
      if (stopping) return exited(code ?? (signal ? 1 : 0));
      if (code === EXIT_CONFIG) {
        log({ level: 'fatal', msg: 'exited with a configuration error; not starting it again', code });
        return exited(code);
      }
      if (ranMs >= HEALTHY_MS) failures = 0;
      const pause = Math.min(maxPauseMs, firstPauseMs * 2 ** failures++);
      log({ level: 'error', msg: 'exited unexpectedly; starting it again', code, signal, ranMs, restartInMs: pause, restarts: failures });
      pending = setTimeout(start, pause);
    });
  };

  const stop = (signal = 'SIGTERM') => {
    stopping = true;
    if (pending) {
      clearTimeout(pending);
      exited(0);
    }
    if (child) child.kill(signal);
    return done;
  };

  start();
  return { stop, done, get pid() { return child?.pid ?? null; } };
}

module.exports = { supervise, EXIT_CONFIG };

// `node scripts/supervise.cjs -- <command> [args…]` supervises any command (used by the tests).
if (require.main === module) {
  const at = process.argv.indexOf('--');
  const [command, ...args] = at >= 0 ? process.argv.slice(at + 1) : [];
  if (!command) {
    process.stderr.write('usage: node scripts/supervise.cjs -- <command> [args…]\n');
    process.exit(2);
  }
  const pauseMs = Number(process.env.SUPERVISE_FIRST_PAUSE_MS ?? 1000);
  const running = supervise({ command, args, env: process.env, cwd: process.cwd(), firstPauseMs: pauseMs });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void running.stop(signal));
  running.done.then((code) => process.exit(code));
}
