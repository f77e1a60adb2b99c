import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Registry } from 'prom-client';
import { THREAD_MEMORY_EVERY_MS } from '@liars-dice/platform-threads';
import { ThreadMemory } from './thread-memory';

/** A worker thread that reports its memory as `thread`, then idles until terminated. */
function reportingWorker(thread: string): Worker {
  const hook = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');
  const source = path.join(__dirname, '..', '..', '..', 'platform', 'threads', 'src', 'index.ts');
  const program = `
    require(${JSON.stringify(hook)});
    const { reportThreadMemory } = require(${JSON.stringify(source)});
    // Reporting once the server listens: its first report then counts the server's handle.
    require('node:net').createServer().listen(0, '127.0.0.1', () => reportThreadMemory(${JSON.stringify(thread)}));
    const keep = [];
    setInterval(() => keep.push(new Array(1000).fill(keep.length)), 10);
  `;
  return new Worker(program, { eval: true });
}

async function until<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const metric = (text: string, thread: string, kind: string): number => Number(new RegExp(`^liars_dice_thread_memory_bytes\\{thread="${thread}",kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe('each thread\'s memory on /metrics', () => {
  let now = 0;
  let memory: ThreadMemory;
  let worker: Worker | null = null;
  beforeEach(() => {
    now = 1_000_000;
    memory = new ThreadMemory(() => now);
  });
  afterEach(async () => {
    memory.close();
    await worker?.terminate();
  });

  it('given a worker thread that reports, then its isolate\'s heap is a gauge by thread next to the main thread\'s, and a thread that stops reporting drops out', async () => {
    const registry = new Registry();
    memory.register(registry);
    worker = reportingWorker('probe');

    await until(() => memory.reports().find((r) => r.thread === 'probe'));
    const text = await registry.metrics();

    for (const thread of ['main', 'probe']) {
      expect(metric(text, thread, 'heapTotal')).toBeGreaterThan(0);
      expect(metric(text, thread, 'heapUsed')).toBeGreaterThan(0);
      expect(metric(text, thread, 'heapUsed')).toBeLessThanOrEqual(metric(text, thread, 'heapTotal'));
    }
    // Each heap split by space: the young and old generations together are no more than the heap total.
    for (const thread of ['main', 'probe']) {
      const space = (name: string) => Number(new RegExp(`^liars_dice_thread_heap_space_bytes\\{thread="${thread}",space="${name}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      expect(space('new')).toBeGreaterThan(0);
      expect(space('old')).toBeGreaterThan(0);
      expect(space('new') + space('old')).toBeLessThanOrEqual(metric(text, thread, 'heapTotal'));
    }
    // Two isolates, two heaps: the worker's figures are its own, not the main thread's.
    expect(metric(text, 'probe', 'heapTotal')).not.toBe(metric(text, 'main', 'heapTotal'));
    // The worker's listening server is its own handle: the gauge counts each thread's event loop, not the main one's.
    const handles = Number(/^liars_dice_thread_active_handles\{thread="probe"\} (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
    expect(handles).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^liars_dice_thread_active_handles\{thread="main"\} \d+$/m);
    if (process.platform === 'linux') expect(text).toMatch(/^liars_dice_process_resident_bytes\{kind="anon"\} [1-9]\d*$/m);

    if (process.platform === 'linux') {
      // Each thread's own kernel task: the main thread's is the process id, the worker's another task of this process.
      const tid = (thread: string) => Number(new RegExp(`^liars_dice_thread_task_id\\{thread="${thread}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      expect(tid('main')).toBe(process.pid);
      expect(tid('probe')).not.toBe(process.pid);
      expect(readdirSync(`/proc/${process.pid}/task`)).toContain(String(tid('probe')));
    }

    await worker.terminate();
    worker = null;
    now += 3 * THREAD_MEMORY_EVERY_MS + 1;
    expect(memory.reports().map((r) => r.thread)).toEqual(['main']);
  });
});
