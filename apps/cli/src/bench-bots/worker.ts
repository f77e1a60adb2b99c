import { parentPort } from 'node:worker_threads';
import { type ExploitTask, measure } from './exploitability';
import type { Pairing } from './plan';
import { playSlice } from './play';

export interface SliceTask {
  readonly pairing: Pairing;
  readonly from: number;
  readonly to: number;
  readonly seedHex: string;
}

export type WorkerTask = SliceTask | ExploitTask;

parentPort?.on('message', (task: WorkerTask) => {
  if ('kind' in task) parentPort?.postMessage(measure(task));
  else parentPort?.postMessage(playSlice(task.pairing, task.from, task.to, task.seedHex));
});
