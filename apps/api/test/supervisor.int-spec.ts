import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SUPERVISE = path.join(__dirname, '..', '..', '..', 'scripts', 'supervise.cjs');

type LogLine = Record<string, unknown>;
const linesOf = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as LogLine);

/**
 * Runs the supervisor over a small script; resolves with its exit code and its JSON log lines. `stopWhen`
 * sends SIGTERM once the log so far satisfies it (events, not a timer: a loaded machine starts children slowly).
 */
function supervise(
  script: string,
  env: Record<string, string>,
  stopWhen?: (log: LogLine[]) => boolean,
): Promise<{ code: number | null; log: LogLine[] }> {
  const child = spawn(process.execPath, [SUPERVISE, '--', process.execPath, '-e', script], {
    env: { ...process.env, SUPERVISE_FIRST_PAUSE_MS: '50', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  let stopping = false;
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    if (stopWhen && !stopping && stopWhen(linesOf(err))) {
      stopping = true;
      child.kill('SIGTERM');
    }
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, log: linesOf(err) })));
}

const starts = (log: LogLine[]) => log.filter((l) => l['msg'] === 'started').length;

describe('the supervisor npm start runs the API under', () => {
  it('given a child that crashes twice, then it is started again with a growing pause, each exit logged with why; SIGTERM then stops it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'supervise-'));
    try {
      // Crashes on its first two starts (counted in a file), then says it is ready and runs until told to stop.
      const script = `const f=require('path').join(process.env.DIR,'n');const fs=require('fs');const n=fs.existsSync(f)?+fs.readFileSync(f,'utf8'):0;fs.writeFileSync(f,String(n+1));if(n<2)process.exit(3);process.on('SIGTERM',()=>process.exit(0));console.error(JSON.stringify({msg:'ready'}));setInterval(()=>{},1000);`;
      const { code, log } = await supervise(script, { DIR: dir }, (log) =>
        log.some((l) => l['msg'] === 'ready'),
      );
      const exits = log.filter((l) => l['msg'] === 'exited unexpectedly; starting it again');
      expect(exits.map((l) => [l['code'], l['restartInMs']])).toEqual([
        [3, 50],
        [3, 100],
      ]);
      expect(log.filter((l) => l['msg'] === 'started')).toHaveLength(3);
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given a child killed by a signal, then it is started again; given a configuration error (exit 78), then it is not', async () => {
    const killed = await supervise("process.kill(process.pid,'SIGKILL')", {}, (log) => starts(log) >= 2);
    expect(killed.log.some((l) => l['signal'] === 'SIGKILL')).toBe(true);
    const config = await supervise('process.exit(78)', {});
    expect(config.code).toBe(78);
    expect(config.log.filter((l) => l['msg'] === 'started')).toHaveLength(1);
  });
});
