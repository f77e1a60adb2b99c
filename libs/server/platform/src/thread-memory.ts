import { readFileSync } from 'node:fs';
import { BroadcastChannel } from 'node:worker_threads';
import { Gauge, type Registry } from 'prom-client';
import { THREAD_MEMORY_CHANNEL, THREAD_MEMORY_EVERY_MS, threadMemoryReport, type ThreadMemoryReport } from '@liars-dice/platform-threads';

const KINDS = ['heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

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
 * The main thread's view of every thread's memory (each thread posts its own with reportThreadMemory from
 * @liars-dice/platform-threads), on /metrics: `liars_dice_thread_memory_bytes{thread,kind}`
 * (V8 heap total and used, external and array buffers per isolate), `liars_dice_thread_heap_space_bytes{thread,space}`, `liars_dice_thread_active_handles{thread}`, `liars_dice_thread_task_id{thread}` and `liars_dice_process_resident_bytes{kind}`
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

  /**
   * Every thread's latest report, the main thread's taken now (left out when it cannot be read: process.memoryUsage()
   * reads /proc and throws EMFILE when the process is out of files; the scrape answers with the rest).
   */
  reports(): ThreadMemoryReport[] {
    const fresh: ThreadMemoryReport[] = [];
    try {
      fresh.push(threadMemoryReport('main'));
    } catch {
      // this scrape goes without the main thread's numbers
    }
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
      name: 'liars_dice_thread_heap_space_bytes',
      help: "Each thread's V8 heap total by space (committed): new (semi-spaces, new large objects), old, code, large objects",
      labelNames: ['thread', 'space'],
      registers: [registry],
      collect() {
        this.reset();
        for (const report of reports()) for (const [space, bytes] of Object.entries(report.spaces)) this.set({ thread: report.thread, space }, bytes);
      },
    });
    new Gauge({
      name: 'liars_dice_thread_active_handles',
      help: "Handles each thread's event loop holds (sockets, servers, timers): the main thread owns the clients' sockets",
      labelNames: ['thread'],
      registers: [registry],
      collect() {
        this.reset();
        for (const report of reports()) this.set({ thread: report.thread }, report.handles);
      },
    });
    new Gauge({
      name: 'liars_dice_thread_task_id',
      help: "Each thread's kernel task id (Linux): /proc/<pid>/task/<id> holds its scheduling (the simulate's per-thread table)",
      labelNames: ['thread'],
      registers: [registry],
      collect() {
        this.reset();
        for (const report of reports()) if (report.tid !== undefined) this.set({ thread: report.thread }, report.tid);
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
