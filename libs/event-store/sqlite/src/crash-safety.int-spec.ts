import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from './sqlite-event-store';

jest.setTimeout(90_000);

interface Ack {
  readonly stream: string;
  readonly revision: bigint;
  readonly id: string;
}

const tsRequire = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');

/** Runs the appending child, kills it with SIGKILL `afterMs` after it is ready, and returns its acks. */
function runAndKill(file: string, afterMs: number): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        tsRequire,
        path.join(__dirname, 'testing', 'crash-child.ts'),
        file,
        '8',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acks: Ack[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), afterMs);
        const [kind, stream, revision, id] = line.split(' ');
        if (kind === 'ack' && stream && revision && id) acks.push({ stream, revision: BigInt(revision), id });
      }
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve(acks) : reject(new Error(`child exited with ${code}: ${stderr}`)),
    );
  });
}

describe('SQLite store crash safety', () => {
  it('given a writer killed with SIGKILL at random moments, when the store reopens, then every acknowledged event is there exactly once, in order', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ld-crash-'));
    const file = path.join(dir, 'events.db');
    const seed = Date.now();
    let random = seed;
    const nextDelay = () => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return 150 + (random % 700);
    };
    const acknowledged: Ack[] = [];
    try {
      for (let round = 0; round < 5; round += 1) acknowledged.push(...(await runAndKill(file, nextDelay())));

      const store = await SqliteEventStore.open({ file });
      const all = await store.readAll();
      await store.close();

      // Enough acknowledged appends that a lost or doubled one would show, even on a loaded CI machine.
      expect(acknowledged.length).toBeGreaterThan(20);
      const stored = new Map(all.map((event) => [event.id, event]));
      expect(stored.size).toBe(all.length);
      for (const ack of acknowledged) {
        expect({ seed, ack, stored: stored.get(ack.id)?.revision }).toEqual({
          seed,
          ack,
          stored: ack.revision,
        });
      }
      const byStream = new Map<string, bigint[]>();
      for (const event of all)
        byStream.set(event.streamName, [...(byStream.get(event.streamName) ?? []), event.revision]);
      for (const revisions of byStream.values())
        expect(revisions).toEqual(revisions.map((_, index) => BigInt(index)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
