import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the Linux scheduler says of one thread (`/proc/<pid>/task/<tid>/schedstat` and `stat`): time on a CPU,
 * time runnable but waiting in the run queue for one, and how many timeslices it ran. On two cores shared by
 * the API's threads, V8's helpers and the load client, the wait is the part of a request's latency no profile
 * of the API shows.
 */
export interface ThreadSchedule {
  readonly tid: number;
  /** The thread's name (`comm`): V8 names its helpers, Node's main and worker threads are all `node`/`MainThread`-like. */
  readonly comm: string;
  readonly nice: number;
  readonly runNs: number;
  readonly waitNs: number;
  readonly slices: number;
}

/** `schedstat`'s three numbers (ns on CPU, ns waiting in the run queue, timeslices), or null if it is not that. */
export function parseSchedstat(text: string): { runNs: number; waitNs: number; slices: number } | null {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length !== 3 || fields.some((n) => !Number.isFinite(n) || n < 0)) return null;
  const [runNs = 0, waitNs = 0, slices = 0] = fields;
  return { runNs, waitNs, slices };
}

/** The niceness in a `stat` line (field 19; the name in parentheses may hold spaces and parentheses itself). */
export function parseStatNice(text: string): number {
  const rest = text.slice(text.lastIndexOf(') ') + 2).split(' ');
  return Number(rest[16]);
}

/** Every thread of process `pid` now, by task id; null where /proc cannot be read (not Linux, process gone). */
export function readThreads(pid: number): Map<number, ThreadSchedule> | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const threads = new Map<number, ThreadSchedule>();
  for (const tid of tids) {
    // A thread may end between the listing and the reads: it is simply left out.
    try {
      const dir = `/proc/${pid}/task/${tid}`;
      const sched = parseSchedstat(readFileSync(`${dir}/schedstat`, 'utf8'));
      if (!sched) continue;
      const comm = readFileSync(`${dir}/comm`, 'utf8').trim();
      threads.set(Number(tid), { tid: Number(tid), comm, nice: parseStatNice(readFileSync(`${dir}/stat`, 'utf8')), ...sched });
    } catch {
      continue;
    }
  }
  return threads;
}

/** One row of the table: a named thread, or a group of threads, over the window. */
export interface ThreadUse {
  readonly label: string;
  /** The niceness, or every distinct one of a group's threads (`0/10`). */
  readonly nice: string;
  readonly threads: number;
  readonly runMs: number;
  readonly waitMs: number;
  readonly slices: number;
}

/** The threads' use between two looks (threads born during the window count from zero, threads gone are left out). */
function used(before: ReadonlyMap<number, ThreadSchedule>, after: ReadonlyMap<number, ThreadSchedule>, label: string, tids: readonly number[]): ThreadUse {
  const rows = tids.flatMap((tid) => {
    const end = after.get(tid);
    if (!end) return [];
    const start = before.get(tid) ?? { runNs: 0, waitNs: 0, slices: 0 };
    return [{ nice: end.nice, runNs: end.runNs - start.runNs, waitNs: end.waitNs - start.waitNs, slices: end.slices - start.slices }];
  });
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return { label, nice: [...new Set(rows.map((r) => r.nice))].sort((a, b) => a - b).join('/'), threads: rows.length, runMs: sum((r) => r.runNs) / 1e6, waitMs: sum((r) => r.waitNs) / 1e6, slices: sum((r) => r.slices) };
}

/**
 * The API's threads over a window: one row per thread whose role it reported (`roles`: role → task id, from
 * /metrics), then every other thread of the process (V8's GC and compiler helpers, libuv's pool) as one group.
 */
export function apiThreadUse(before: ReadonlyMap<number, ThreadSchedule>, after: ReadonlyMap<number, ThreadSchedule>, roles: Readonly<Record<string, number>>): ThreadUse[] {
  const named = Object.entries(roles).filter(([, tid]) => after.has(tid));
  const namedTids = new Set(named.map(([, tid]) => tid));
  const others = [...after.keys()].filter((tid) => !namedTids.has(tid));
  return [...named.map(([role, tid]) => used(before, after, role, [tid])), used(before, after, 'V8/libuv others', others)];
}

/** A whole process's threads over a window as one row (the load client). */
export function processUse(before: ReadonlyMap<number, ThreadSchedule>, after: ReadonlyMap<number, ThreadSchedule>, label: string): ThreadUse {
  return used(before, after, label, [...after.keys()]);
}

/** The table of `rows` over `wallMs` of wall time, in the simulate's report. */
export function threadsTable(rows: readonly ThreadUse[], wallMs: number): string {
  const share = (part: number) => `${((100 * part) / wallMs).toFixed(1)} %`;
  return [
    `Threads over the measured window (${(wallMs / 1000).toFixed(0)} s, Linux schedstat; run-queue wait: runnable, no core free):`,
    '',
    '| thread | nice | on-CPU (% of a core) | run-queue wait (% of wall time) | timeslices | mean wait per timeslice |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label}${r.threads > 1 ? ` (${r.threads} threads)` : ''} | ${r.nice || 'n/a'} | ${share(r.runMs)} | ${share(r.waitMs)} | ${r.slices.toLocaleString('en')} | ${r.slices > 0 ? `${(r.waitMs / r.slices).toFixed(2)} ms` : 'n/a'} |`),
  ].join('\n');
}

/** Both processes' threads at one moment: the API's and the load client's (null where /proc could not be read). */
export interface ThreadsLook {
  readonly api: ReadonlyMap<number, ThreadSchedule> | null;
  readonly client: ReadonlyMap<number, ThreadSchedule> | null;
}

export function lookAtThreads(apiPid: number | undefined): ThreadsLook {
  return { api: apiPid === undefined ? null : readThreads(apiPid), client: readThreads(process.pid) };
}

/**
 * The simulate's per-thread section: the API's threads by role (busiest first), the rest grouped, then the load
 * client; or one line saying why there is none.
 */
export function threadsSection(window: { before: ThreadsLook; after: ThreadsLook; wallMs: number }, roles: Readonly<Record<string, number>>, platform: string = process.platform): string {
  const { before, after, wallMs } = window;
  if (platform !== 'linux') return `Per-thread CPU and run-queue wait: not shown, they come from Linux's /proc/<pid>/task/<tid>/schedstat and this is ${platform}.`;
  if (!before.api || !after.api || !before.client || !after.client) return 'Per-thread CPU and run-queue wait: not shown, /proc/<pid>/task/<tid>/schedstat could not be read (a kernel without schedstats, or the API had exited).';
  const api = apiThreadUse(before.api, after.api, roles);
  const named = api.slice(0, -1).sort((a, b) => b.runMs - a.runMs);
  const rows = [...named, ...api.slice(-1), processUse(before.client, after.client, 'load client (whole process)')];
  const unnamed = Object.keys(roles).length === 0 ? '\n\n(The API reported no thread task ids on /metrics, an older build: its threads are all in one group.)' : '';
  return `${threadsTable(rows, wallMs)}${unnamed}`;
}
