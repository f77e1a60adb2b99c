import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The built CLI, as `npm run scenario` runs it; the project's globalSetup (apps/cli/jest.build-first.cjs) builds it first. */
export const CLI = join(__dirname, '..', '..', 'dist', 'main.js');

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: readonly string[], input?: string): Finished {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A long-running CLI process fed one line at a time: each answer is awaited before the next line is sent. */
export function interactive(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  return {
    ask(line: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer within 10 s to: ${line.slice(0, 80)}`)), 10_000);
        waiting.push((answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        child.stdin.write(`${line}\n`);
      });
    },
    close(): Promise<number | null> {
      return new Promise((resolve) => {
        child.on('close', resolve);
        child.stdin.end();
      });
    },
  };
}
