import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from './sqlite-event-store';
import { holdsWriteLock } from './testing/write-lock';

jest.setTimeout(120_000);

interface Ack {
  readonly stream: string;
  readonly revision: bigint;
  readonly id: string;
}

/** What one writer process did before its SIGKILL. */
interface Round {
  readonly acks: Ack[];
  /** Appends sent and never acknowledged: in flight when the kill landed. */
  readonly unacknowledged: string[];
  /** The writer held SQLite's write lock at the moment of the kill: it was inside a transaction. */
  readonly insideTransaction: boolean;
}

const ROUNDS = 5;
/** Each writer is killed only after this many acknowledged appends, so a loaded machine cannot thin the sample. */
const ACKS_PER_ROUND = 25;
/** How long to keep looking for the writer inside a transaction before killing it anyway. */
const LOCK_SEARCH_MS = 5_000;

const tsRequire = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');

/**
 * Runs the appending child; once it has `ACKS_PER_ROUND` acks and `afterMs` have passed, samples at random
 * moments until the child holds the WAL write lock, then kills it with SIGKILL in the same tick.
 */
function runAndKill(file: string, afterMs: number, random: () => number): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', tsRequire, path.join(__dirname, 'testing', 'crash-child.ts'), file, '8'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: Ack[] = [];
    const sent = new Set<string>();
    let insideTransaction = false;
    let buffered = '';
    let stderr = '';
    let searchUntil = Number.POSITIVE_INFINITY;
    const strike = (): void => {
      if (acks.length >= ACKS_PER_ROUND && child.pid !== undefined && holdsWriteLock(file, child.pid)) {
        insideTransaction = true;
        child.kill('SIGKILL');
      } else if (Date.now() > searchUntil) child.kill('SIGKILL');
      else setTimeout(strike, random() * 3);
    };
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [kind, stream, revisionOrId, id] = line.split(' ');
        if (kind === 'ready') setTimeout(() => ((searchUntil = Date.now() + LOCK_SEARCH_MS), strike()), afterMs);
        if (kind === 'sent' && revisionOrId) sent.add(revisionOrId);
        if (kind === 'ack' && stream && revisionOrId && id) {
          acks.push({ stream, revision: BigInt(revisionOrId), id });
          sent.delete(id);
        }
      }
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve({ acks, unacknowledged: [...sent], insideTransaction }) : reject(new Error(`child exited with ${code}: ${stderr}`)),
    );
  });
}

describe('SQLite store crash safety', () => {
  it('given a writer killed with SIGKILL inside its transactions, when the store reopens, then every acknowledged event is there exactly once, in order', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ld-crash-'));
    const file = path.join(dir, 'events.db');
    const seed = Date.now();
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const rounds: Round[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) rounds.push(await runAndKill(file, 150 + random() * 700, random));

      const store = await SqliteEventStore.open({ file });
      const all = await store.readAll();
      await store.close();

      const acknowledged = rounds.flatMap((round) => round.acks);
      const stored = new Map(all.map((event) => [event.id, event]));
      const inFlight = rounds.flatMap((round) => round.unacknowledged);
      const committedUnacked = inFlight.filter((id) => stored.has(id)).length;
      process.stderr.write(
        `crash test (seed ${seed}): ${rounds.filter((r) => r.insideTransaction).length} of ${ROUNDS} kills inside a write transaction; ` +
          `${acknowledged.length} appends acknowledged; of ${inFlight.length} in flight at the kills, ${committedUnacked} were committed without an ack, ${inFlight.length - committedUnacked} not committed\n`,
      );
      // Every kill landed while the writer held SQLite's write lock (between BEGIN and the end of COMMIT).
      expect({ seed, inside: rounds.map((r) => r.insideTransaction) }).toEqual({ seed, inside: rounds.map(() => true) });
      // Enough acknowledged appends that a lost or doubled one would show, even on a loaded CI machine.
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);
      expect(stored.size).toBe(all.length);
      for (const ack of acknowledged) {
        expect({ seed, ack, stored: stored.get(ack.id)?.revision }).toEqual({ seed, ack, stored: ack.revision });
      }
      const byStream = new Map<string, bigint[]>();
      for (const event of all) byStream.set(event.streamName, [...(byStream.get(event.streamName) ?? []), event.revision]);
      for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, index) => BigInt(index)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
