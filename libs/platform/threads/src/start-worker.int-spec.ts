import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { nextThreadMemoryReport } from './testing';
import { hasCompiledWorker, startWorker } from './start-worker';

const firstMessage = (worker: Worker): Promise<unknown> =>
  new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });

describe('startWorker', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-threads-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a caller running from TypeScript, when it starts a worker, then the worker\'s TypeScript source runs (workspace imports resolved) with its workerData', async () => {
    // Given a TypeScript worker that imports this lib by its workspace name
    writeFileSync(
      path.join(dir, 'probe.worker.ts'),
      `import { parentPort, workerData } from 'node:worker_threads';
       import { reportThreadMemory } from '@liars-dice/platform-threads';
       const stop: () => void = reportThreadMemory(workerData.name);
       parentPort?.postMessage({ echoed: workerData.name as string });
       stop();`,
    );
    const report = nextThreadMemoryReport('probe');
    // When a caller next to it (a .ts file) starts it
    const worker = startWorker(path.join(dir, 'caller.ts'), 'probe.worker', { workerData: { name: 'probe' } });
    // Then it ran from sources, and its memory report reached the channel
    expect(await firstMessage(worker)).toEqual({ echoed: 'probe' });
    expect((await report).heapUsed).toBeGreaterThan(0);
    await worker.terminate();
  });

  it('given a compiled caller with its compiled worker next to it, then that JavaScript runs; without one, there is none to run', async () => {
    writeFileSync(path.join(dir, 'plain.worker.js'), `require('node:worker_threads').parentPort.postMessage('compiled');`);
    expect(hasCompiledWorker(path.join(dir, 'caller.js'), 'plain.worker')).toBe(true);
    expect(hasCompiledWorker(path.join(dir, 'caller.ts'), 'plain.worker')).toBe(false);
    expect(hasCompiledWorker(path.join(dir, 'caller.js'), 'missing.worker')).toBe(false);

    const worker = startWorker(path.join(dir, 'caller.js'), 'plain.worker');
    expect(await firstMessage(worker)).toBe('compiled');
    await worker.terminate();
  });
});
