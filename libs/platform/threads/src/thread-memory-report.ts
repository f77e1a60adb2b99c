import { readlinkSync } from 'node:fs';
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
  /** Handles (sockets, servers, timers) this thread's event loop holds: the edge thread's sockets are not the main thread's. */
  readonly handles: number;
  /** The kernel's task id of the thread (Linux), so a benchmark can read its scheduling in /proc; absent elsewhere. */
  readonly tid?: number;
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
  return { thread, heapTotal, heapUsed, external, arrayBuffers, handles, ...(tid === undefined ? {} : { tid }) };
}

/**
 * Posts this thread's memory at once and every THREAD_MEMORY_EVERY_MS, without keeping the thread alive; returns a
 * stop. Each post opens and closes its own channel: with one channel left open in the projections thread, the spec
 * that terminates that thread and expects it restarted (apps/api/src/projections) failed twice in a row; without,
 * it passes. Nobody listening (a CLI, a test) costs a message into nothing every five seconds.
 */
export function reportThreadMemory(thread: string, everyMs: number = THREAD_MEMORY_EVERY_MS): () => void {
  const post = () => {
    const channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
    channel.postMessage(threadMemoryReport(thread));
    channel.close();
  };
  post();
  const timer = setInterval(post, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
