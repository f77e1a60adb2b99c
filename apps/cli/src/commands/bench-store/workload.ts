import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EventStore } from '@liars-dice/event-store-port';

/** One way of appending a single event to a stream; `revision` is the stream's next 0-based revision. */
export type AppendOne = (stream: string, revision: number) => Promise<void>;

/** A store opened for one measurement. */
export interface OpenedSubject {
  readonly append: AppendOne;
  close(): Promise<void>;
  /** The durability settings its writing connection runs with, read back from SQLite (not assumed). */
  durability(): Promise<string>;
}

/** What one subject did at one level: its measurement (or why it has none) and its durability as read back. */
export interface Outcome {
  readonly measurement: Measurement;
  readonly durability: string;
}

export interface Subject {
  readonly name: string;
  /** A fresh store in `dir`: an unmeasured warm-up pass, then `streams` × `perStream` measured appends. */
  run(dir: string, streams: number, perStream: number): Promise<Outcome>;
}

/** A subject measured in this process: opened, warmed up at the same load, measured, asked, closed. */
export function inProcess(name: string, open: (dir: string) => Promise<OpenedSubject>): Subject {
  return {
    name,
    async run(dir, streams, perStream) {
      const opened = await open(dir);
      try {
        // JIT, caches and file growth are warm for every subject before the measured pass.
        await measure(name, opened.append, { streams, perStream: Math.ceil(perStream / 2), prefix: 'warm-up' });
        const measurement = await measure(name, opened.append, { streams, perStream });
        return { measurement, durability: await opened.durability() };
      } finally {
        await opened.close();
      }
    },
  };
}

const SYNCHRONOUS = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/** `PRAGMA synchronous` and `journal_mode` as read back, in words. */
export function durabilityOf(synchronous: number, journalMode: string): string {
  return `synchronous=${SYNCHRONOUS[synchronous] ?? '?'} (${synchronous}), journal_mode=${journalMode.toLowerCase()}`;
}

export interface Measurement {
  readonly subject: string;
  readonly streams: number;
  readonly appends: number;
  readonly perSecond: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  /** Why the subject produced no measurement at this level (it crashed or did not finish in time). */
  readonly failed?: string;
}

/** `streams` writers in parallel, each appending `perStream` single events one after another. */
export async function measure(
  subject: string,
  append: AppendOne,
  load: { readonly streams: number; readonly perStream: number; readonly prefix?: string },
): Promise<Measurement> {
  const { streams, perStream, prefix = 'bench' } = load;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      for (let revision = 0; revision < perStream; revision += 1) {
        const t0 = performance.now();
        await append(`${prefix}-${s}`, revision);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    subject,
    streams,
    appends: latencies.length,
    perSecond: latencies.length / elapsed,
    medianMs: at(0.5),
    p99Ms: at(0.99),
  };
}

export function eventData(
  stream: string,
  revision: number,
): { stream: string; revision: number; quantity: number; face: number } {
  return { stream, revision, quantity: 1 + (revision % 12), face: 1 + (revision % 6) };
}

/** The workload's append through the port: one event, expecting exactly the previous revision. */
export function portAppend(store: EventStore): AppendOne {
  return async (stream, revision) => {
    const expectedRevision = revision === 0 ? 'no_stream' : BigInt(revision - 1);
    await store.appendToStream(
      stream,
      [{ id: randomUUID(), type: 'BidPlaced', data: eventData(stream, revision) }],
      {
        expectedRevision,
      },
    );
  };
}
