import path from 'node:path';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICENESS } from './background-thread';

/** Runs asBackgroundThread in a fresh worker thread and reports what it returned and the thread's niceness then. */
function inWorker(): Promise<{ lowered: boolean; niceness: number }> {
  const hook = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');
  const source = path.join(__dirname, 'background-thread.ts');
  const program = `
    require(${JSON.stringify(hook)});
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    const { getPriority } = require('node:os');
    const lowered = require(${JSON.stringify(source)}).asBackgroundThread();
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    parentPort.postMessage({ lowered, niceness: getPriority(threadId) });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(program, { eval: true });
    worker.once('message', (message: { lowered: boolean; niceness: number }) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const linux = process.platform === 'linux';

describe('asBackgroundThread', () => {
  (linux ? it : it.todo)('lowers only the calling worker thread, not the process it runs in', async () => {
    // Given the main thread's niceness
    const before = getPriority();
    // When a worker thread makes itself a background thread
    const { lowered, niceness } = await inWorker();
    // Then that thread runs 10 nicer than the process, and the main thread is unchanged
    expect(lowered).toBe(true);
    expect(niceness).toBe(Math.min(19, before + BACKGROUND_NICENESS));
    expect(getPriority()).toBe(before);
  });
});
