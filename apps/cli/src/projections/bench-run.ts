import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { openReadDatabase, ProjectionEngine, WalCheckpointer } from '@liars-dice/server-projections';
import { BotTable } from './bot-tables';
import { cpuWindow, mainThreadCpuMicros } from './cpu-clock';
import { type ProjectionHost, type RunningProjections, startProjections } from './projection-hosts';

export interface BenchOptions {
  readonly rate: number;
  readonly seconds: number;
  readonly tables: number;
  readonly host: ProjectionHost;
  /** False: measure the pipeline with no projection (the old baseline; main thread only). */
  readonly projections: boolean;
  /** True: leave WAL checkpoints to SQLite inside the runner's commits (how it ran before; main thread only). */
  readonly inlineCheckpoints?: boolean;
  /** Also re-apply the run's events into fresh read databases to time the projections alone. */
  readonly cost?: boolean;
}

export interface BenchResult {
  readonly commands: number;
  readonly missed: number;
  readonly events: number;
  readonly seconds: number;
  /** Store commit → read-model commit, ms, one sample per event. */
  readonly storeLag: number[];
  /** Append call → the command's last event applied, as the main thread hears it (`whenApplied`), ms, one per command. */
  readonly appendLag: number[];
  readonly applications: number;
  readonly readDbBytes: number;
  /** CPU µs per event to apply the run's events again, by batch size (no store, no other load in the process). */
  readonly cost: readonly { readonly batch: number; readonly cpuMicros: number; readonly mainMicros: number; readonly wallMicros: number }[];
  /** The timed phase: CPU of the process (all threads) and of the main thread, event-loop delay p99. */
  readonly live: ReturnType<ReturnType<typeof cpuWindow>['stop']>;
  /** Main-thread ms the load generator spent synchronously (picking tables, building and sending appends). */
  readonly generatorMs: number;
  /** Tables that had to be played out during the timed phase (the pool ran dry); 0 in a clean run. */
  readonly madeDuringRun: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bot tables append one command at a time at a fixed pace into a SQLite store while the projections follow it
 * live, on this thread or in the API's worker thread; every event's lag is sampled at its read-model commit,
 * and every command's from its append call until this thread hears it applied.
 */
export async function runBench(options: BenchOptions, progress: (line: string) => void): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-projections-'));
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  const storeFile = path.join(dir, 'events.sqlite');
  const store: EventStore = await SqliteEventStore.open({ file: storeFile });
  const storeLag: number[] = [];
  let projections: RunningProjections | null = null;
  try {
    const setup = { store, storeFile, dir, projections: options.projections, inlineCheckpoints: options.inlineCheckpoints === true, onLag: (ms: number) => storeLag.push(ms), progress };
    projections = await startProjections(options.host, setup);
    const pool = prepare(options, progress);
    const window = cpuWindow();
    const result = await drive(store, projections, { ...options, pool }, progress);
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await projections.whenApplied(last?.position ?? 0n);
    const live = window.stop();
    const applications = projections.applications();
    await projections.stop();
    projections = null;
    const cost = options.cost ? await measureCost(await store.readAll(), dir, options.inlineCheckpoints === true) : [];
    return { ...result, live, events: storeLag.length, storeLag, applications, readDbBytes: statSync(path.join(dir, 'read.sqlite')).size, cost };
  } finally {
    await projections?.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Applies the recorded events again into fresh read databases, timing the projections alone. */
async function measureCost(events: readonly RecordedEvent[], dir: string, inline: boolean): Promise<BenchResult['cost']> {
  const cost: BenchResult['cost'][number][] = [];
  for (const batch of [1, 32, 256]) cost.push(await measureBatch(events, path.join(dir, `cost-${batch}.sqlite`), batch, inline));
  return cost;
}

async function measureBatch(events: readonly RecordedEvent[], file: string, batch: number, inline: boolean): Promise<BenchResult['cost'][number]> {
  const db = openReadDatabase(file);
  const checkpointer = inline ? null : WalCheckpointer.start(db);
  try {
    const engine = new ProjectionEngine(db);
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const main = mainThreadCpuMicros();
    for (let i = 0; i < events.length; i += batch) engine.applyBatch(events.slice(i, i + batch));
    const used = process.cpuUsage(cpu);
    const n = Math.max(1, events.length);
    return { batch, cpuMicros: (used.user + used.system) / n, mainMicros: (mainThreadCpuMicros() - main) / n, wallMicros: ((performance.now() - wall) * 1000) / n };
  } finally {
    await checkpointer?.stop();
    db.close();
  }
}

/** The next idle table after `cursor`, round robin, or -1 when every table is waiting for its append. */
function nextIdle(tables: readonly BotTable[], busy: ReadonlySet<BotTable>, cursor: number): number {
  for (let k = 0; k < tables.length; k++) {
    const slot = (cursor + k) % tables.length;
    if (!busy.has(tables[slot] as BotTable)) return slot;
  }
  return -1;
}

/**
 * Enough matches played out in advance for the whole run: the commands sent plus what the tables still in
 * play hold at the end (up to a whole match each, about 60 commands). Playing one out takes milliseconds of
 * bot thinking, which must not land on the event loop during the timed phase.
 */
function prepare(options: BenchOptions, progress: (line: string) => void): BotTable[] {
  const pool: BotTable[] = [];
  const needed = options.rate * options.seconds * 1.1 + options.tables * 70;
  for (let planned = 0; planned < needed; ) {
    const table = new BotTable(`bench-${pool.length}`, pool.length, 'be7c'.repeat(16));
    pool.push(table);
    planned += table.commands;
    if (pool.length % 50 === 0) progress(`played out ${planned} of ${Math.round(needed)} commands in advance`);
  }
  return pool;
}

async function drive(store: EventStore, projections: RunningProjections, options: BenchOptions & { readonly pool: BotTable[] }, progress: (line: string) => void) {
  const { pool } = options;
  const appendLag: number[] = [];
  let serial = pool.length;
  let madeDuringRun = 0;
  const fresh = () => pool.shift() ?? (madeDuringRun++, new BotTable(`bench-${serial}`, serial++, 'be7c'.repeat(16)));
  const tables = Array.from({ length: options.tables }, fresh);
  const busy = new Set<BotTable>();
  const inFlight = new Set<Promise<void>>();
  let commands = 0;
  let missed = 0;
  let cursor = 0;
  const begin = performance.now();
  const send = (slot: number): void => {
    const table = tables[slot] as BotTable;
    busy.add(table);
    commands++;
    // Wall-clock milliseconds, the clock the store stamps `created` with.
    const at = Date.now();
    const work = table.play(store, at, `c${commands}`).then((position) => {
      busy.delete(table);
      if (table.finished) tables[slot] = fresh();
      if (position !== null) void projections.whenApplied(position).then(() => appendLag.push(Date.now() - at));
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  let generatorMs = 0;
  while (performance.now() < begin + options.seconds * 1000) {
    const tick = performance.now();
    const due = Math.floor(((performance.now() - begin) / 1000) * options.rate) - commands - missed;
    for (let i = 0; i < due; i++) {
      const slot = nextIdle(tables, busy, cursor);
      if (slot < 0) missed++;
      else {
        send(slot);
        cursor = slot + 1;
      }
    }
    if (due > 0 && commands % 2000 < due) progress(`${commands} commands sent, ${missed} missed`);
    generatorMs += performance.now() - tick;
    await sleep(2);
  }
  await Promise.all(inFlight);
  return { commands, missed, generatorMs, madeDuringRun, appendLag, seconds: (performance.now() - begin) / 1000 };
}
