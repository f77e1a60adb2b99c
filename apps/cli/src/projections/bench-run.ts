import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { openReadDatabase, ProjectionEngine, ProjectionRunner } from '@liars-dice/server-projections';
import { BotTable } from './bot-tables';

export interface BenchOptions {
  readonly rate: number;
  readonly seconds: number;
  readonly tables: number;
  /** False: measure the pipeline with no projection (the baseline). */
  readonly projections: boolean;
}

export interface BenchResult {
  readonly commands: number;
  readonly missed: number;
  readonly events: number;
  readonly seconds: number;
  /** Store commit → read-model commit, ms, one sample per event. */
  readonly storeLag: number[];
  /** Append call → read-model commit, ms, one sample per event. */
  readonly appendLag: number[];
  readonly applications: number;
  readonly readDbBytes: number;
  /** CPU µs per event to apply the run's events again, by batch size (no store, no other load in the process). */
  readonly cost: readonly { readonly batch: number; readonly cpuMicros: number; readonly wallMicros: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bot tables append one command at a time at a fixed pace into a SQLite store while the projections runner
 * follows it live; every event's lag is sampled at its read-model commit.
 */
export async function runBench(options: BenchOptions, progress: (line: string) => void): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-projections-'));
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  const store: EventStore = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
  const db = openReadDatabase(path.join(dir, 'read.sqlite'));
  const engine = new ProjectionEngine(db, options.projections ? undefined : []);
  const started = new Map<string, number>();
  const storeLag: number[] = [];
  const appendLag: number[] = [];
  const runner = new ProjectionRunner(store, engine, {
    onCommitted: (event, at) => {
      storeLag.push(at - event.created.getTime());
      const sent = started.get(String(event.metadata.commandId));
      if (sent !== undefined) appendLag.push(at - sent);
    },
  });
  runner.start();
  try {
    const result = await drive(store, options, started, progress);
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    await runner.whenApplied(last?.position ?? 0n);
    await runner.stop();
    const applications = engine.states().reduce((sum, s) => sum + s.events, 0);
    const cost = measureCost(await store.readAll(), dir);
    return { ...result, events: storeLag.length, storeLag, appendLag, applications, readDbBytes: statSync(path.join(dir, 'read.sqlite')).size, cost };
  } finally {
    await runner.stop();
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Applies the recorded events again into fresh read databases, timing the projections alone. */
function measureCost(events: readonly RecordedEvent[], dir: string): BenchResult['cost'] {
  return [1, 32, 256].map((batch) => {
    const db = openReadDatabase(path.join(dir, `cost-${batch}.sqlite`));
    try {
      const engine = new ProjectionEngine(db);
      const wall = performance.now();
      const cpu = process.cpuUsage();
      for (let i = 0; i < events.length; i += batch) engine.applyBatch(events.slice(i, i + batch));
      const used = process.cpuUsage(cpu);
      const n = Math.max(1, events.length);
      return { batch, cpuMicros: (used.user + used.system) / n, wallMicros: ((performance.now() - wall) * 1000) / n };
    } finally {
      db.close();
    }
  });
}

/** The next idle table after `cursor`, round robin, or -1 when every table is waiting for its append. */
function nextIdle(tables: readonly BotTable[], busy: ReadonlySet<BotTable>, cursor: number): number {
  for (let k = 0; k < tables.length; k++) {
    const slot = (cursor + k) % tables.length;
    if (!busy.has(tables[slot] as BotTable)) return slot;
  }
  return -1;
}

async function drive(store: EventStore, options: BenchOptions, started: Map<string, number>, progress: (line: string) => void) {
  // Enough matches played out in advance for the whole run (about 60 commands each).
  const pool: BotTable[] = [];
  const needed = options.rate * options.seconds * 1.2;
  let serial = 0;
  const make = () => new BotTable(`bench-${serial}`, serial++, 'be7c'.repeat(16));
  for (let planned = 0; planned < needed; ) {
    const table = make();
    pool.push(table);
    planned += table.commands;
    if (serial % 50 === 0) progress(`played out ${planned} of ${Math.round(needed)} commands in advance`);
  }
  const fresh = () => pool.shift() ?? make();
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
    const commandId = `c${commands}`;
    started.set(commandId, at);
    const work = table.play(store, at, commandId).then(() => {
      busy.delete(table);
      if (table.finished) tables[slot] = fresh();
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  while (performance.now() < begin + options.seconds * 1000) {
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
    await sleep(2);
  }
  await Promise.all(inFlight);
  return { commands, missed, seconds: (performance.now() - begin) / 1000 };
}
