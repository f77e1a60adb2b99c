import { type ExploitResult, type ExploitTask, measure } from './exploitability';
import type { Pairing } from './plan';
import { playSlice, type SliceResult } from './play';

export interface SliceTask {
  readonly pairing: Pairing;
  readonly from: number;
  readonly to: number;
  readonly seedHex: string;
}

export type WorkerTask = SliceTask | ExploitTask;

/** One task of bench:bots' pool (piscina): a ladder slice's matches, or an exploitability measurement. */
export default function runTask(task: WorkerTask): SliceResult | ExploitResult {
  return 'kind' in task ? measure(task) : playSlice(task.pairing, task.from, task.to, task.seedHex);
}
