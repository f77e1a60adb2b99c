import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { ExploitResult } from './exploitability';
import type { SliceResult } from './play';
import type { SliceTask, WorkerTask } from './worker';

/** What a worker answers for a task: a ladder slice's matches, or an exploitability measurement. */
type ResultOf<T extends WorkerTask> = T extends SliceTask ? SliceResult : ExploitResult;

/** Runs tasks on a piscina pool of `workers` threads, one task each at a time; results come back in task order. */
export async function runPool<T extends WorkerTask>(tasks: readonly T[], workers: number, progress: (done: number) => void): Promise<ResultOf<T>[]> {
  const threads = Math.max(1, workers);
  const pool = new Piscina<T, ResultOf<T>>({ filename: join(__dirname, 'worker.js'), minThreads: threads, maxThreads: threads });
  let done = 0;
  try {
    return await Promise.all(tasks.map((task) => pool.run(task).then((result) => (progress(++done), result))));
  } finally {
    await pool.destroy();
  }
}
