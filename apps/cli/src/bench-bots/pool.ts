import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExploitResult } from './exploitability';
import type { SliceResult } from './play';
import type { SliceTask, WorkerTask } from './worker';

/** What a worker answers for a task: a ladder slice's matches, or an exploitability measurement. */
type ResultOf<T extends WorkerTask> = T extends SliceTask ? SliceResult : ExploitResult;

/** Runs tasks on `workers` threads, at most one task each at a time; results come back in task order. */
export async function runPool<T extends WorkerTask>(tasks: readonly T[], workers: number, progress: (done: number) => void): Promise<ResultOf<T>[]> {
  const results: ResultOf<T>[] = new Array<ResultOf<T>>(tasks.length);
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
      worker.on('message', (result: ResultOf<T>) => {
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
