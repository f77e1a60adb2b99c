import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { TOURNAMENT_EVENT_TYPES, type TournamentEvent, tournamentStream } from '@liars-dice/game-tournament';

const tsRequire = path.join(__dirname, '..', '..', '..', '..', '..', '..', 'tools', 'ts-require.cjs');
const TYPES = new Set<string>(TOURNAMENT_EVENT_TYPES);

/** A server process of the director tests (testing/director-process.ts) and what it printed. */
export class DirectorProcess {
  readonly lines: string[] = [];
  private stderr = '';
  private readonly waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) this.heard(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  static start(args: readonly string[]): DirectorProcess {
    const child = spawn(process.execPath, ['-r', tsRequire, path.join(__dirname, 'director-process.ts'), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    return new DirectorProcess(child);
  }

  private heard(line: string): void {
    this.lines.push(line);
    for (const waiter of this.waiters.filter((w) => w.test(line))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  }

  /** The first line (already printed or to come) that passes `test`. */
  line(test: (line: string) => boolean, timeoutMs = 60_000): Promise<string> {
    const found = this.lines.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such line in ${timeoutMs} ms; stderr: ${this.stderr.slice(-2000)}`)), timeoutMs);
      this.waiters.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** A tournament's own events, as stored. */
export async function tournamentEvents(store: EventStore, tournamentId: string): Promise<TournamentEvent[]> {
  const recorded = await store.readStream(tournamentStream(tournamentId));
  return recorded.filter((e) => TYPES.has(e.type)).map((e) => ({ type: e.type, data: e.data }) as TournamentEvent);
}

/** What "nothing seated twice, nothing lost" means in a finished tournament's stream. */
export function seatingSummary(events: readonly TournamentEvent[]) {
  const count = (type: TournamentEvent['type']) => events.filter((e) => e.type === type).length;
  const perTable = (type: 'TableMatchAssigned' | 'TableFinished') =>
    events.flatMap((e) => (e.type === type ? [`${e.data.round}/${e.data.table}`] : []));
  return {
    drafted: count('SeatingDrafted'),
    discarded: count('SeatingDraftDiscarded'),
    rounds: count('RoundCompleted'),
    tables: events.reduce((n, e) => n + (e.type === 'SeatingDrafted' ? e.data.tables.length : 0), 0),
    assigned: perTable('TableMatchAssigned'),
    finished: perTable('TableFinished'),
    over: events.at(-1)?.type,
  };
}
