import { readlinkSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { BroadcastChannel } from 'node:worker_threads';

/**
 * The channel on which each of the API's threads posts its own isolate's memory (docs/adr/0024); the main thread's
 * ThreadMemory (@liars-dice/server-platform) listens and shows it on /metrics.
 */
export const THREAD_MEMORY_CHANNEL = 'liars-dice:thread-memory';

/** How often a thread posts: the /metrics scrape interval of a typical monitoring system, or less. */
export const THREAD_MEMORY_EVERY_MS = 5000;

/** One thread's isolate, as `process.memoryUsage()` gives it inside that thread (its `rss` is the process's), and its task id. */
export interface ThreadMemoryReport {
  readonly thread: string;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /**
   * The heap total split by what holds it (V8's committed space sizes): `new` (the semi-spaces and new large
   * objects), `old`, `code` and `large` (large objects). A soak tells a young generation still growing to its
   * bound from old data piling up before a full collection (docs/adr/0024).
   */
  readonly spaces: Readonly<Record<HeapSpaceGroup, number>>;
  /** Handles (sockets, servers, timers) this thread's event loop holds. */
  readonly handles: number;
  /** The kernel's task id of the thread (Linux), so a benchmark can read its scheduling in /proc; absent elsewhere. */
  readonly tid?: number;
}

/** How `spaces` groups V8's heap spaces. */
export type HeapSpaceGroup = 'new' | 'old' | 'code' | 'large';

const SPACE_GROUPS: Readonly<Record<string, HeapSpaceGroup>> = {
  new_space: 'new',
  new_large_object_space: 'new',
  old_space: 'old',
  code_space: 'code',
  code_large_object_space: 'code',
  large_object_space: 'large',
};

/** The calling thread's committed heap by space group (spaces not named above, read-only and shared, are left out). */
function heapSpaces(): Record<HeapSpaceGroup, number> {
  const spaces: Record<HeapSpaceGroup, number> = { new: 0, old: 0, code: 0, large: 0 };
  for (const { space_name, space_size } of getHeapSpaceStatistics()) {
    const group = SPACE_GROUPS[space_name];
    if (group) spaces[group] += space_size;
  }
  return spaces;
}

let ownTid: number | undefined | null = null;

/** The calling thread's kernel task id: `/proc/thread-self` links to `<pid>/task/<tid>` (Linux only). */
function threadTid(): number | undefined {
  if (ownTid === null) {
    try {
      ownTid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]) || undefined;
    } catch {
      ownTid = undefined;
    }
  }
  return ownTid;
}

/** The calling thread's isolate now, under the name `thread`. */
export function threadMemoryReport(thread: string): ThreadMemoryReport {
  const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  // Node's own count, per thread (what prom-client's nodejs_active_handles_total reads on the main thread only).
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.().length ?? 0;
  const tid = threadTid();
  return { thread, heapTotal, heapUsed, external, arrayBuffers, spaces: heapSpaces(), handles, ...(tid === undefined ? {} : { tid }) };
}

/** A skipped report said as one JSON line on standard error (a worker thread has no logger of its own). */
function warnSkipped(thread: string): (error: unknown) => void {
  return (error) => {
    const { code, message } = error as NodeJS.ErrnoException;
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), thread, code, msg: `memory report skipped: ${message}` })}\n`);
  };
}

/**
 * Posts this thread's memory at once and every THREAD_MEMORY_EVERY_MS, without keeping the thread alive; returns a
 * stop. Each post opens and closes its own channel: with one channel left open in the projections thread, the spec
 * that terminates that thread and expects it restarted (apps/api/src/projections) failed twice in a row; without,
 * it passes. Nobody listening (a CLI, a test) costs a message into nothing every five seconds. A report that fails
 * (`process.memoryUsage()` reads /proc and throws EMFILE when the process is out of files) is skipped and said on
 * `onSkipped`; the next tick tries again, and the thread never ends for it.
 */
export function reportThreadMemory(thread: string, everyMs: number = THREAD_MEMORY_EVERY_MS, onSkipped: (error: unknown) => void = warnSkipped(thread)): () => void {
  const post = () => {
    let report: ThreadMemoryReport;
    try {
      report = threadMemoryReport(thread);
    } catch (error) {
      onSkipped(error);
      return;
    }
    // Opened only once there is something to post: a channel left open would keep the thread alive after its stop.
    const channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
    channel.postMessage(report);
    channel.close();
  };
  post();
  const timer = setInterval(post, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
