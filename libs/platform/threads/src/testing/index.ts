import { BroadcastChannel } from 'node:worker_threads';
import { THREAD_MEMORY_CHANNEL, type ThreadMemoryReport } from '../thread-memory-report';

/** The next memory report a thread named `thread` posts (reportThreadMemory posts at once, then every 5 s). */
export function nextThreadMemoryReport(thread: string, timeoutMs = 20_000): Promise<ThreadMemoryReport> {
  const channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
  return new Promise<ThreadMemoryReport>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no memory report from the ${thread} thread in ${timeoutMs} ms`)), timeoutMs);
    channel.onmessage = (event) => {
      const report = (event as { data: ThreadMemoryReport }).data;
      if (report.thread !== thread) return;
      clearTimeout(timer);
      resolve(report);
    };
  }).finally(() => channel.close());
}
