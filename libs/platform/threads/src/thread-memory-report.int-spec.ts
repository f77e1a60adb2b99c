import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorker } from './start-worker';

describe('a thread reporting its memory while the process is out of files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-threads-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a report skipped for EMFILE, when the thread stops reporting and closes its port, then it ends by itself', async () => {
    // Given a worker whose first memory reading fails as it does past the open-file limit
    writeFileSync(
      path.join(dir, 'out-of-files.worker.ts'),
      `import { parentPort } from 'node:worker_threads';
       import { reportThreadMemory } from '@liars-dice/platform-threads';
       const usage = process.memoryUsage;
       process.memoryUsage = Object.assign(() => {
         process.memoryUsage = usage;
         throw Object.assign(new Error('EMFILE: too many open files, uv_resident_set_memory'), { code: 'EMFILE' });
       }, usage);
       const skipped: string[] = [];
       const stop = reportThreadMemory('out-of-files', 1000, (error) => skipped.push((error as { code: string }).code));
       // When it stops reporting and lets go of its port
       stop();
       parentPort?.postMessage(skipped);
       parentPort?.close();`,
    );
    const worker = startWorker(path.join(dir, 'caller.ts'), 'out-of-files.worker');
    const skipped = new Promise((resolve) => worker.once('message', resolve));
    const exitCode = new Promise<number | 'still running'>((resolve) => {
      worker.once('exit', resolve);
      setTimeout(() => resolve('still running'), 10_000).unref();
    });
    // Then the tick was skipped, and nothing it opened keeps the thread alive
    expect(await skipped).toEqual(['EMFILE']);
    expect(await exitCode).toBe(0);
    await worker.terminate();
  }, 20_000);
});
