import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EventStore } from '@liars-dice/event-store-port';

/** One way of appending a single event to a stream; `revision` is the stream's next 0-based revision. */
export type AppendOne = (stream: string, revision: number) => Promise<void>;

export interface Subject {
  readonly name: string;
  /** Fraction of the appends per stream this subject runs (slow baselines need fewer for stable numbers). */
  readonly scale?: number;
  /** Opens a fresh store in `dir` and returns its append and its closer. */
  open(dir: string): Promise<{ append: AppendOne; close(): Promise<void> }>;
}

export interface Measurement {
  readonly subject: string;
  readonly streams: number;
  readonly appends: number;
  readonly perSecond: number;
  readonly medianMs: number;
  readonly p99Ms: number;
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
