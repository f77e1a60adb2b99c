import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SliceResult } from './play';
import type { SliceTask } from './worker';

/** Runs slices on `workers` threads, at most one slice each at a time; results come back in task order. */
export async function runPool(tasks: readonly SliceTask[], workers: number, progress: (done: number) => void): Promise<SliceResult[]> {
  const results: SliceResult[] = new Array<SliceResult>(tasks.length);
  let nextTask = 0;
  let done = 0;
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(join(__dirname, 'worker.js'));
      let current = -1;
      const feed = () => {
        if (nextTask >= tasks.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        current = nextTask++;
        worker.postMessage(tasks[current]);
      };
      worker.on('message', (result: SliceResult) => {
        results[current] = result;
        progress(++done);
        feed();
      });
      worker.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: Math.max(1, workers) }, runWorker));
  return results;
}
