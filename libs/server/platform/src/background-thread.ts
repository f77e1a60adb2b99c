import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of the API's background threads (read models, CPU seats' thinking, WAL checkpoints). Players
 * wait on the main thread: every command and every push runs there. On a machine whose cores are all busy the
 * kernel shares them by niceness, so background threads at 10 give the main thread the core whenever it is
 * ready to run, and take the idle time otherwise. At 1,000 tables on 2 cores it halved mutation p99
 * (docs/benchmarks/scale.md).
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling worker thread's priority to `niceness`. Linux keeps a niceness per thread, and
 * `/proc/thread-self` names the calling thread's id. Elsewhere (no such file, or not allowed) the thread keeps
 * its priority: returns false, and nothing else changes.
 */
export function asBackgroundThread(niceness: number = BACKGROUND_NICENESS): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, niceness);
    return true;
  } catch {
    return false;
  }
}
