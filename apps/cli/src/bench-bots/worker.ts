import { parentPort } from 'node:worker_threads';
import type { Pairing } from './plan';
import { playSlice } from './play';

export interface SliceTask {
  readonly pairing: Pairing;
  readonly from: number;
  readonly to: number;
  readonly seedHex: string;
}

parentPort?.on('message', (task: SliceTask) => {
  parentPort?.postMessage(playSlice(task.pairing, task.from, task.to, task.seedHex));
});
