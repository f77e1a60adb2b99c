import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from '@liars-dice/server-platform';
import { type ApiProcess, apiEnv, exited, startApiProcess } from './support/api-process';
import { TestPlayer } from './support/player';

jest.setTimeout(90_000);

const CLI = path.join(__dirname, '..', '..', 'cli', 'dist', 'main.js');

/** What a start refused before serving shows: its exit code and what it wrote to stderr. */
async function refusedStart(dataDir: string): Promise<{ code: unknown; stderr: string }> {
  try {
    const api = await startApiProcess(dataDir);
    api.child.kill('SIGKILL');
    throw new Error('a second API started on a data directory another one owns');
  } catch (error) {
    return error as { code: unknown; stderr: string };
  }
}

describe('one process per data directory (SQLite stays single-writer)', () => {
  it('given a running API, then a second API and `npm run rebuild` on its data directory refuse to start, naming the directory and the holder; after a kill -9 the stale lock is detected and the next start serves the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-lock-'));
    let first: ApiProcess | null = await startApiProcess(dataDir);
    try {
      const holder = `data directory ${dataDir} is in use by process ${first.child.pid} (api, since `;
      const player = await TestPlayer.register(first.url, 'holder');

      const second = await refusedStart(dataDir);
      expect(second.code).toBe(78); // a setup error: the supervisor does not start it again
      expect(second.stderr).toContain(holder);
      expect(second.stderr).toContain(path.join(dataDir, LOCK_FILE));

      const rebuild = spawnSync(process.execPath, [CLI, 'rebuild'], { encoding: 'utf8', env: apiEnv(dataDir), timeout: 60_000 });
      expect(rebuild.status).toBe(1);
      expect(rebuild.stderr).toContain(holder);
      // The holder went on serving throughout.
      expect((await fetch(`${first.base}/health/live`)).status).toBe(200);

      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.child.pid, purpose: 'api' });
      first = await startApiProcess(dataDir, { LOG_LEVEL: 'info' });
      expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.child.pid });
      // Same data: the account registered before the kill signs in.
      await expect(TestPlayer.signIn(first.url, 'holder')).resolves.toBeDefined();
      await player.close();
    } finally {
      first?.child.kill('SIGTERM');
      if (first) await exited(first.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
