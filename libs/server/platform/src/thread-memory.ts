import { readFileSync } from 'node:fs';
import { BroadcastChannel } from 'node:worker_threads';
import { Gauge, type Registry } from 'prom-client';

/**
 * The channel on which each of the API's threads posts its own isolate's memory (docs/adr/0024). A worker that
 * cannot import this lib (the SQLite writer, the CPU-seat thread) posts the same message under this name.
 */
export const THREAD_MEMORY_CHANNEL = 'liars-dice:thread-memory';

/** How often a thread posts: the /metrics scrape interval of a typical monitoring system, or less. */
export const THREAD_MEMORY_EVERY_MS = 5000;

/** One thread's isolate, as `process.memoryUsage()` gives it inside that thread (its `rss` is the process's). */
export interface ThreadMemoryReport {
  readonly thread: string;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

const KINDS = ['heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

function reportOf(thread: string): ThreadMemoryReport {
  const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { thread, heapTotal, heapUsed, external, arrayBuffers };
}

/**
 * Posts this thread's memory every THREAD_MEMORY_EVERY_MS, without keeping the thread alive; returns a stop. Each
 * post opens and closes its own channel: with one channel left open in the projections thread, the spec that
 * terminates that thread and expects it restarted (apps/api/src/projections) failed twice in a row; without, it passes.
 */
export function reportThreadMemory(thread: string): () => void {
  const post = () => {
    const channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
    channel.postMessage(reportOf(thread));
    channel.close();
  };
  post();
  const timer = setInterval(post, THREAD_MEMORY_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The process's resident memory split by the kernel (Linux): anonymous (heaps, malloc), file-backed, shared. */
function residentSplit(): Record<'anon' | 'file' | 'shmem', number> | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { anon: kib('RssAnon'), file: kib('RssFile'), shmem: kib('RssShmem') };
  } catch {
    return null;
  }
}

/**
 * The main thread's view of every thread's memory, on /metrics: `liars_dice_thread_memory_bytes{thread,kind}`
 * (V8 heap total and used, external and array buffers per isolate) and `liars_dice_process_resident_bytes{kind}`
 * (anonymous vs file-backed). What RSS holds beyond the isolates' heaps is native: SQLite's page caches, malloc.
 * A thread that stopped posting (exited, restarting) drops out after three intervals.
 */
export class ThreadMemory {
  private readonly latest = new Map<string, { report: ThreadMemoryReport; at: number }>();
  private readonly channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);

  constructor(private readonly now: () => number = Date.now) {
    this.channel.onmessage = (event) => {
      const report = (event as { data: ThreadMemoryReport }).data;
      this.latest.set(report.thread, { report, at: this.now() });
    };
    this.channel.unref();
  }

  /** Every thread's latest report, the main thread's taken now. */
  reports(): ThreadMemoryReport[] {
    const fresh = [reportOf('main')];
    for (const [thread, { report, at }] of this.latest) {
      if (this.now() - at <= 3 * THREAD_MEMORY_EVERY_MS) fresh.push(report);
      else this.latest.delete(thread);
    }
    return fresh;
  }

  register(registry: Registry): void {
    const reports = () => this.reports();
    new Gauge({
      name: 'liars_dice_thread_memory_bytes',
      help: "Each thread's V8 isolate: heapTotal, heapUsed, external, arrayBuffers (process.memoryUsage() in that thread)",
      labelNames: ['thread', 'kind'],
      registers: [registry],
      collect() {
        this.reset();
        for (const report of reports()) for (const kind of KINDS) this.set({ thread: report.thread, kind }, report[kind]);
      },
    });
    new Gauge({
      name: 'liars_dice_process_resident_bytes',
      help: 'Resident memory by kind (Linux /proc/self/status): anon (heaps, malloc, stacks), file (code, mapped files), shmem',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        const split = residentSplit();
        if (split) for (const [kind, bytes] of Object.entries(split)) this.set({ kind }, bytes);
      },
    });
  }

  close(): void {
    this.channel.close();
  }
}
