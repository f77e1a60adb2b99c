import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyStoredTournament } from '@liars-dice/server-tournaments';
import { DirectorProcess, seatingSummary, tournamentEvents } from './testing/processes';

jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tables finished so far (in round 1, and in all), read from the store while the server writes it. */
async function tablesFinished(file: string, tournamentId: string): Promise<{ round1: number; all: number }> {
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  const reader = await SqliteEventStore.openReader({ file });
  try {
    const summary = seatingSummary(await tournamentEvents(reader, tournamentId).catch(() => []));
    return { round1: summary.finished.filter((t) => t.startsWith('1/')).length, all: summary.finished.length };
  } finally {
    await reader.close();
  }
}

describe('the director survives SIGKILL mid-round (issue #14)', () => {
  it('continues on restart with nothing seated twice and nothing lost', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ld-director-kill-'));
    const file = path.join(dir, 'events.sqlite');
    const seedKey = randomBytes(32).toString('hex');
    try {
      // Given a server running a 36-player swiss (tables of 6, two rounds and a final)
      const first = DirectorProcess.start(['create', `sqlite:${file}`, seedKey, '36', '2']);
      const id = (await first.line((l) => l.startsWith('tournament '))).split(' ')[1] as string;
      // When it is killed with SIGKILL as soon as a table of round 1 is seen finished (CPU seats think for no
      // time, so on a fast machine the whole round may be done by then: the kill still lands mid-tournament,
      // between a result and the next seating, which the restart must also survive)
      let progress = { round1: 0, all: 0 };
      while (progress.round1 === 0) {
        await sleep(50);
        progress = await tablesFinished(file, id);
      }
      await first.stop('SIGKILL');
      expect(progress.all).toBeLessThan(13);
      // Then a new process on the same store finishes the tournament
      const second = DirectorProcess.start(['serve', `sqlite:${file}`, seedKey]);
      await second.line((l) => l === `finished ${id}`, 180_000);
      await second.stop();
      // And its stream shows every round seated once, every table's match assigned and finished once
      const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
      const store = await SqliteEventStore.open({ file });
      try {
        const summary = seatingSummary(await tournamentEvents(store, id));
        expect(summary).toMatchObject({ drafted: 3, discarded: 0, rounds: 3, tables: 13, over: 'TournamentFinished' });
        expect(new Set(summary.assigned).size).toBe(summary.assigned.length);
        expect(summary.finished.sort()).toEqual([...summary.assigned].sort());
        expect(summary.finished).toHaveLength(13);
        // And every lot, seating, die and shot verifies from the revealed seed
        const report = await verifyStoredTournament(store, id);
        expect(report.allVerified).toBe(true);
        expect(report.matches.every((m) => m.problem === null)).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
