// Child process of the crash-safety test: appends forever to several streams and prints one line per append
// sent (`sent <stream> <id>`) and per append acknowledged (`ack <stream> <revision> <id>`), until it is killed
// with SIGKILL.
import { randomUUID } from 'node:crypto';
import { StreamNotFoundError } from '@liars-dice/event-store-port';
import { SqliteEventStore } from '../sqlite-event-store';

async function lastRevision(store: SqliteEventStore, stream: string): Promise<bigint | 'no_stream'> {
  try {
    const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last?.revision ?? 'no_stream';
  } catch (error) {
    if (error instanceof StreamNotFoundError) return 'no_stream';
    throw error;
  }
}

async function writeForever(store: SqliteEventStore, stream: string): Promise<never> {
  let expectedRevision = await lastRevision(store, stream);
  for (;;) {
    const id = randomUUID();
    process.stdout.write(`sent ${stream} ${id}\n`);
    const result = await store.appendToStream(
      stream,
      [{ id, type: 'BidPlaced', data: { stream, pad: 'x'.repeat(200) } }],
      { expectedRevision },
    );
    process.stdout.write(`ack ${stream} ${result.nextExpectedRevision} ${id}\n`);
    expectedRevision = result.nextExpectedRevision;
  }
}

async function main(): Promise<void> {
  const [file, streams = '8'] = process.argv.slice(2);
  if (!file) throw new Error('usage: crash-child <file> [streams]');
  const store = await SqliteEventStore.open({ file });
  process.stdout.write('ready\n');
  await Promise.all(
    Array.from({ length: Number(streams) }, (_, index) => writeForever(store, `crash-${index}`)),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
