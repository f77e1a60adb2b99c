import { performance } from 'node:perf_hooks';
import { mainThreadCpuSeconds } from '../harness';
import { type Bucketed, histogramsIn } from './path-report';

/** One look at the API process, from its /metrics (prom-client's process and Node metrics, the command counter). */
export interface ApiSample {
  /** performance.now() of the load client when taken. */
  readonly at: number;
  readonly rssBytes: number;
  readonly cpuSeconds: number;
  /** CPU seconds of the API's main thread alone, from /proc, when the sampler knows its process id (else absent). */
  readonly mainCpuSeconds?: number;
  /** Event-loop delay p99 since the previous scrape (prom-client resets its histogram on each). */
  readonly eventLoopP99Ms: number;
  readonly handles: number;
  /** Moves accepted so far, every seat (bids, liar and spot-on calls, by humans and CPUs). */
  readonly moves: number;
  /** Resident memory by kind (`liars_dice_process_resident_bytes`: anon, file, shmem), where the API reports it. */
  readonly resident: Readonly<Record<string, number>>;
  /** Each thread's V8 heap total (`liars_dice_thread_memory_bytes{kind="heapTotal"}`): main, projections, cpu-seats… */
  readonly heaps: Readonly<Record<string, number>>;
  /** Each thread's heap total by space (`liars_dice_thread_heap_space_bytes`), keyed `thread/space` (`main/new`, `cpu-seats/old`…). */
  readonly spaces: Readonly<Record<string, number>>;
  /** Each thread's kernel task id (`liars_dice_thread_task_id{thread}`, Linux): whichever threads the API reports (main, projections, cpu-seats…) */
  readonly taskIds: Readonly<Record<string, number>>;
  /** The API's path-step histograms and its PlaceBid command timer (path-report.ts), where it reports them. */
  readonly steps: Readonly<Record<string, Bucketed>>;
}

function gauge(text: string, name: string): number {
  const found = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+|NaN)$`, 'm').exec(text);
  return found ? Number(found[1]) : Number.NaN;
}

/** Accepted moves in the command counter: `liars_dice_commands_total{command="…Bid…|…Liar…|…SpotOn…",outcome="ok"}`. */
export function movesIn(text: string): number {
  let moves = 0;
  for (const [, command, value] of text.matchAll(/^liars_dice_commands_total\{command="([^"]+)",outcome="ok"\} ([0-9.eE+]+)$/gm)) {
    if (/Bid|Liar|SpotOn/.test(command ?? '')) moves += Number(value);
  }
  return moves;
}

/** `name{label="…"} value` lines of one metric, keyed by that label (restricted to lines with `also` in their labels). */
function byLabel(text: string, name: string, label: string, also = ''): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [, labels = '', value] of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} ([0-9.eE+-]+)$`, 'gm'))) {
    const key = new RegExp(`${label}="([^"]+)"`).exec(labels)?.[1];
    if (key && labels.includes(also)) found[key] = Number(value);
  }
  return found;
}

/**
 * Handles of every thread the API reports (`liars_dice_thread_active_handles`): where a thread other than the main
 * one holds the clients' sockets, the main thread's own count (`nodejs_active_handles_total`, the fallback for an
 * API without the per-thread gauge) would not show a socket leak.
 */
function allThreadsHandles(text: string): number {
  const perThread = Object.values(byLabel(text, 'liars_dice_thread_active_handles', 'thread'));
  return perThread.length > 0 ? perThread.reduce((sum, handles) => sum + handles, 0) : gauge(text, 'nodejs_active_handles_total');
}

/** `liars_dice_thread_heap_space_bytes{thread="t",space="s"} v` lines keyed `t/s`. */
function heapSpacesIn(text: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [, thread, space, value] of text.matchAll(/^liars_dice_thread_heap_space_bytes\{thread="([^"]+)",space="([^"]+)"\} ([0-9.eE+-]+)$/gm)) {
    found[`${thread}/${space}`] = Number(value);
  }
  return found;
}

export function sampleFrom(text: string, at: number): ApiSample {
  return {
    at,
    rssBytes: gauge(text, 'process_resident_memory_bytes'),
    cpuSeconds: gauge(text, 'process_cpu_seconds_total'),
    eventLoopP99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    handles: allThreadsHandles(text),
    moves: movesIn(text),
    resident: byLabel(text, 'liars_dice_process_resident_bytes', 'kind'),
    heaps: byLabel(text, 'liars_dice_thread_memory_bytes', 'thread', 'kind="heapTotal"'),
    spaces: heapSpacesIn(text),
    taskIds: byLabel(text, 'liars_dice_thread_task_id', 'thread'),
    steps: histogramsIn(text),
  };
}

/** Scrapes the API's /metrics every `everyMs` (as a monitoring system would) and keeps every sample. */
export class ApiSampler {
  readonly samples: ApiSample[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly base: string,
    private readonly everyMs = 5000,
    /** The API's process id, when it runs on this machine: each sample then has its main thread's CPU. */
    private readonly pid?: number,
  ) {}

  /** One scrape (given up after 30 s: an overloaded API's samples are simply fewer). */
  async take(): Promise<ApiSample> {
    const text = await (await fetch(`${this.base}/metrics`, { signal: AbortSignal.timeout(30_000) })).text();
    const scraped = sampleFrom(text, performance.now());
    const sample = this.pid === undefined ? scraped : { ...scraped, mainCpuSeconds: mainThreadCpuSeconds(this.pid) };
    this.samples.push(sample);
    return sample;
  }

  start(): void {
    this.timer = setInterval(() => void this.take().catch(() => undefined), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The samples taken in [from, to] (load-client clock). */
  between(from: number, to: number): ApiSample[] {
    return this.samples.filter((s) => s.at >= from && s.at <= to);
  }
}
