import { getPriority, setPriority } from 'node:os';

/**
 * How much nicer than the process the API's background threads run (read models, CPU seats' thinking, WAL checkpoints). Players
 * wait on the main thread: every command and every push runs there. On a machine whose cores are all busy the
 * kernel shares them by niceness, so background threads at 10 give the main thread the core whenever it is
 * ready to run, and take the idle time otherwise (ADR 0020). Relative, so an API started under `nice` keeps the
 * same order.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Makes the calling worker thread `by` nicer than it is (at most 19, the lowest priority). On Linux the
 * niceness is per thread and `setpriority` on "process 0" changes only the calling thread (elsewhere it would
 * change the whole process, so nothing is done there). Where it fails (not allowed) the thread keeps its
 * priority. Returns whether the thread was lowered.
 */
export function asBackgroundThread(by: number = BACKGROUND_NICENESS): boolean {
  if (process.platform !== 'linux') return false;
  try {
    setPriority(Math.min(19, getPriority() + by));
    return true;
  } catch {
    return false;
  }
}
